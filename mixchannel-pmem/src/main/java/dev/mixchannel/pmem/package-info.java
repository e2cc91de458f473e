/**
 * The PMem tier: {@link dev.mixchannel.pmem.PmemTier}, a {@link dev.mixchannel.api.StorageTier}
 * over one pool file per persistent-memory directory, whose channels ({@link
 * dev.mixchannel.pmem.PmemChannel}) are lists of fixed-size extents in the pool. Two memory
 * backends write the same on-media format: LLPL (libpmem) and pure-JDK mappings ({@link
 * dev.mixchannel.pmem.PmemBackends}). {@link dev.mixchannel.pmem.PoolInspector} reads a pool
 * without opening it.
 */
package dev.mixchannel.pmem;
