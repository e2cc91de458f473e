package dev.mixchannel.api;

import java.nio.file.Path;
import java.util.List;

/**
 * One tier of a {@link MixChannelConfig}. Immutable; validated by {@link MixChannelConfig.Builder}.
 *
 * @param name the tier's unique name ({@code [A-Za-z0-9_-]{1,64}})
 * @param kind the medium
 * @param paths the tier's directories, absolute and normalized; a PMem tier keeps one pool file in
 *     each
 * @param capacityBytes the bytes the tier may hold across all its paths, or {@code -1} for the free
 *     space of their file systems (for a PMem tier: measured when a pool is created)
 */
public record TierConfig(String name, TierKind kind, List<Path> paths, long capacityBytes) {

  /**
   * Copies the path list.
   *
   * @param name the tier's name
   * @param kind the medium
   * @param paths the directories
   * @param capacityBytes the capacity, or {@code -1}
   */
  public TierConfig {
    paths = List.copyOf(paths);
  }

  /**
   * Whether the capacity follows the file systems' free space.
   *
   * @return {@code true} for a capacity of {@code -1}
   */
  public boolean capacityFromFreeSpace() {
    return capacityBytes == -1;
  }
}
