/**
 * Implementation of the PMem tier: the pool layout ({@link
 * dev.mixchannel.pmem.internal.PoolLayout}), the pool and its recovery, the two memory backends and
 * the channel. No compatibility is promised.
 */
package dev.mixchannel.pmem.internal;
