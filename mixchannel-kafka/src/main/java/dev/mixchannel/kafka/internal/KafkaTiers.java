package dev.mixchannel.kafka.internal;

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;

/** Opens the tiers of a broker: the configured fast tiers, then the log dirs as the last tier. */
final class KafkaTiers {
  private KafkaTiers() {}

  /**
   * Opens the manager.
   *
   * @param settings the adapter settings
   * @param logDirs the log dirs
   * @param startMigrator whether the background policy runs
   * @return the manager; the caller closes it
   * @throws IOException when a tier cannot be opened
   */
  static TierManager open(AdapterSettings settings, LogDirs logDirs, boolean startMigrator)
      throws IOException {
    return TierManager.builder(settings.config())
        .startMigrator(startMigrator)
        .tier(new LogDirTier(AdapterSettings.LOGDIR_TIER, settings.logDirKind(), logDirs))
        .build();
  }
}
