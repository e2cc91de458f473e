/**
 * The journal provider's implementation: settings, keys, the shared storage of a bookie process,
 * the journal channels, the reaper and the evacuation. No compatibility is promised.
 */
package dev.mixchannel.bookkeeper.internal;
