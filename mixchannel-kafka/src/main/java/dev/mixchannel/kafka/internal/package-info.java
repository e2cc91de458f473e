/**
 * The adapter's implementation: log dirs and segment names, the segment store over a {@code
 * TierManager}, the reconciler, the anchor channel and the {@code FileRecords} advice. No
 * compatibility is promised.
 */
package dev.mixchannel.kafka.internal;
