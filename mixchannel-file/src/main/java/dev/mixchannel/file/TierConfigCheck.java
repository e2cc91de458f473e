package dev.mixchannel.file;

import dev.mixchannel.api.ConfigKeys;
import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.TierConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Checks a {@link TierConfig} handed to {@link FileTier#open} directly, without a validated {@code
 * MixChannelConfig} around it, for what a file tier relies on.
 */
final class TierConfigCheck {

  private TierConfigCheck() {}

  /**
   * Checks the configuration and returns its directories, absolute and normalized.
   *
   * @param config the tier's configuration
   * @return the directories, in configuration order
   * @throws InvalidConfigException when there is no directory, two directories contain one another,
   *     or the capacity is neither positive nor {@code -1}
   */
  static List<Path> roots(TierConfig config) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(config.name(), "config.name");
    Objects.requireNonNull(config.kind(), "config.kind");
    String prefix = ConfigKeys.TIER_PREFIX + config.name();
    if (config.capacityBytes() != -1 && config.capacityBytes() <= 0) {
      throw new InvalidConfigException(
          prefix + ConfigKeys.TIER_CAPACITY,
          Long.toString(config.capacityBytes()),
          "a positive size, or -1 for the free space");
    }
    if (config.paths().isEmpty()) {
      throw new InvalidConfigException(
          prefix + ConfigKeys.TIER_PATHS, "", "at least one directory");
    }
    List<Path> roots = new ArrayList<>();
    for (Path path : config.paths()) {
      Path root = path.toAbsolutePath().normalize();
      for (Path other : roots) {
        if (root.startsWith(other) || other.startsWith(root)) {
          throw new InvalidConfigException(
              prefix + ConfigKeys.TIER_PATHS,
              path.toString(),
              "directories that do not contain one another (clashes with " + other + ")");
        }
      }
      roots.add(root);
    }
    return roots;
  }
}
