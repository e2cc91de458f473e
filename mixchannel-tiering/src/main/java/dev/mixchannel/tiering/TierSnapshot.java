package dev.mixchannel.tiering;

import dev.mixchannel.api.TierKind;

/**
 * One tier as a {@link MigrationPolicy} sees it.
 *
 * @param name the tier's name
 * @param kind the tier's medium
 * @param capacityBytes the bytes the tier may hold
 * @param usedBytes the bytes the tier holds now (complete and incomplete keys)
 * @param highWatermark the configured used fraction above which the tier demotes
 * @param lowWatermark the configured used fraction demotion stops at and below which it promotes
 */
public record TierSnapshot(
    String name,
    TierKind kind,
    long capacityBytes,
    long usedBytes,
    double highWatermark,
    double lowWatermark) {}
