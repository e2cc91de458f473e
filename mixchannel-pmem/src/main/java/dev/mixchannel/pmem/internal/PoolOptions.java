package dev.mixchannel.pmem.internal;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How to open (or create) one pool.
 *
 * @param file the pool file
 * @param createSizeBytes the size of a new pool
 * @param extentSizeBytes the extent size of a new pool
 * @param provider the memory backend
 * @param medium what the directory lives on
 * @param pretouch whether a new pool is pre-touched in the background
 * @param pretouchFraction the fraction of a new pool to pre-touch
 * @param tierName the tier's name, for messages and {@code TierFullException}
 * @param index the pool's index within its tier, for thread names
 * @param sequence the tier-wide key-record sequence counter (next value to use)
 */
public record PoolOptions(
    Path file,
    long createSizeBytes,
    long extentSizeBytes,
    PoolMemoryProvider provider,
    Medium medium,
    boolean pretouch,
    double pretouchFraction,
    String tierName,
    int index,
    AtomicLong sequence) {}
