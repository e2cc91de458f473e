package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a segment's bytes between its anchor file and its tier key, crash-safely in both
 * directions: the destination is written under a temporary name, made durable and then renamed over
 * the real one, and only then is the source emptied or deleted. Stateless.
 */
public final class AnchorCopies {

  /** Suffix of the temporary file {@link #evacuate} writes next to the anchor. */
  public static final String EVACUATING_SUFFIX = ".mixchannel-evacuating";

  private static final Logger LOG = LoggerFactory.getLogger(AnchorCopies.class);

  private AnchorCopies() {}

  /**
   * Copies the bytes of an anchor written by a broker without the adapter into the segment's key
   * (replacing any key of that name), then empties the anchor. A crash leaves either the anchor
   * whole (the import runs again on the next open) or both whole and identical.
   *
   * @param manager the tiers
   * @param segment the segment
   * @param counters where the import is counted
   * @return the number of bytes imported
   * @throws IOException when reading the anchor or writing the tiers fails
   */
  public static long importAnchor(
      TierManager manager, SegmentPath segment, AdapterCounters counters) throws IOException {
    Path anchor = segment.anchor();
    String temporary = segment.key() + KafkaSegmentStore.IMPORT_SUFFIX;
    manager.delete(temporary);
    long bytes;
    try (FileChannel source = FileChannel.open(anchor, StandardOpenOption.READ);
        MixChannel target =
            manager.open(
                temporary,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                StandardOpenOption.CREATE_NEW,
                SizeHint.of(source.size()))) {
      bytes = copy(source, target);
      target.force(true);
    }
    manager.rename(temporary, segment.key());
    try (FileChannel emptied = FileChannel.open(anchor, StandardOpenOption.WRITE)) {
      emptied.truncate(0);
      emptied.force(true);
    }
    counters.imports.increment();
    LOG.info(
        "imported a segment written without MixChannel into the tiers: key={}, bytes={}, tier={}",
        segment.key(),
        bytes,
        manager.tierOf(segment.key()));
    return bytes;
  }

  /**
   * Copies a key's bytes into its anchor through a temporary file that is made durable and renamed
   * over the anchor, then deletes the key. An anchor with bytes is authoritative: when the anchor
   * already has bytes, the key is deleted without copying (an earlier evacuation got that far).
   *
   * @param manager the tiers
   * @param segment the segment
   * @return the number of bytes copied
   * @throws java.nio.file.NoSuchFileException when the anchor is missing (reconcile first)
   * @throws IOException when reading the tiers or writing the anchor fails
   */
  public static long evacuate(TierManager manager, SegmentPath segment) throws IOException {
    Path anchor = segment.anchor();
    Path temporary = anchor.resolveSibling(anchor.getFileName() + EVACUATING_SUFFIX);
    Files.deleteIfExists(temporary);
    long bytes = 0;
    if (Files.size(anchor) == 0) {
      try (MixChannel source = manager.open(segment.key(), StandardOpenOption.READ);
          FileChannel target =
              FileChannel.open(
                  temporary,
                  StandardOpenOption.WRITE,
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.READ)) {
        bytes = copy(source, target);
        target.force(true);
      }
      Files.move(
          temporary, anchor, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      syncDirectory(anchor.getParent());
    }
    manager.delete(segment.key());
    return bytes;
  }

  private static long copy(FileChannel source, FileChannel target) throws IOException {
    long size = source.size();
    long position = 0;
    while (position < size) {
      long moved = source.transferTo(position, size - position, target);
      if (moved <= 0) {
        throw new IOException(
            "copy made no progress: position=" + position + ", size=" + size + " (" + source + ")");
      }
      position += moved;
    }
    return position;
  }

  private static void syncDirectory(Path dir) throws IOException {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }
}
