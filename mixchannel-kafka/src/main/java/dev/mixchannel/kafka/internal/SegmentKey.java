package dev.mixchannel.kafka.internal;

import java.util.Optional;

/**
 * A tier key split into its parts (see {@link SegmentPath}).
 *
 * @param tag the log dir's tag
 * @param partitionDir the partition directory name
 * @param fileName the segment file name
 */
record SegmentKey(String tag, String partitionDir, String fileName) {

  /**
   * Parses a key.
   *
   * @param key a tier key
   * @return its parts, or empty when the key has not exactly three parts or its last part is no
   *     segment file name (the key is then not one of the adapter's)
   */
  public static Optional<SegmentKey> parse(String key) {
    String[] parts = key.split("/", -1);
    if (parts.length != 3 || parts[0].isEmpty() || !SegmentFiles.isSegment(parts[2])) {
      return Optional.empty();
    }
    return Optional.of(new SegmentKey(parts[0], parts[1], parts[2]));
  }

  /**
   * The key.
   *
   * @return {@code <tag>/<partition dir>/<file name>}
   */
  @Override
  public String toString() {
    return SegmentPath.key(tag, partitionDir, fileName);
  }
}
