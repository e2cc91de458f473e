/**
 * Implementation the MixChannel modules share, not an API: open-option parsing, the argument checks
 * of the {@link java.nio.channels.FileChannel} implementations, closing many resources, named
 * daemon threads, byte-size formatting and the storage ownership lock. No compatibility is
 * promised.
 */
package dev.mixchannel.common;
