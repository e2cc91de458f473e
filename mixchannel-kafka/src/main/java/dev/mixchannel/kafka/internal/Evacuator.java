package dev.mixchannel.kafka.internal;

import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Moves every segment's bytes from the tiers back into its Kafka {@code *.log} file, so that the
 * broker can start without the agent. Runs with the broker stopped (the tiers' lock refuses a
 * second process). Reconciles first, then evacuates each key of a known log dir with {@link
 * AnchorCopies#evacuate}; running it again continues where it stopped.
 */
public final class Evacuator {

  private final AdapterSettings settings;
  private final List<Path> logDirs;
  private final PrintStream out;

  /**
   * The result of a run.
   *
   * @param segments segments evacuated
   * @param bytes bytes copied
   * @param leftKeys keys left in the tiers (unknown log dir, missing anchor)
   */
  public record Result(int segments, long bytes, List<String> leftKeys) {

    /**
     * Copies the list.
     *
     * @param segments segments evacuated
     * @param bytes bytes copied
     * @param leftKeys keys left
     */
    public Result {
      leftKeys = List.copyOf(leftKeys);
    }
  }

  /**
   * Creates an evacuator.
   *
   * @param settings the adapter settings (tiers)
   * @param logDirs the log dirs to evacuate
   * @param out where progress lines go
   */
  public Evacuator(AdapterSettings settings, List<Path> logDirs, PrintStream out) {
    this.settings = settings;
    this.logDirs = List.copyOf(logDirs);
    this.out = out;
  }

  /**
   * Runs the evacuation.
   *
   * @return what was done
   * @throws IOException when the tiers or a log dir fail; what was done stays done
   */
  public Result run() throws IOException {
    LogDirs dirs = LogDirs.of(logDirs, settings.config());
    try (KafkaSegmentStore store =
        KafkaSegmentStore.open(
            TierManager.open(settings.config()), dirs, 0, System::currentTimeMillis, false)) {
      TierManager manager = store.manager();
      Map<String, Path> known = dirs.known();
      List<SegmentPath> segments = new ArrayList<>();
      List<String> left = new ArrayList<>();
      long totalBytes = 0;
      for (String key : manager.keys()) {
        Optional<SegmentKey> parsed = SegmentKey.parse(key);
        Path dir = parsed.map(k -> known.get(k.tag())).orElse(null);
        if (dir == null) {
          left.add(key);
          continue;
        }
        SegmentKey k = parsed.get();
        segments.add(new SegmentPath(dir, k.tag(), k.partitionDir(), k.fileName()));
        try (MixChannel channel = manager.open(key, StandardOpenOption.READ)) {
          totalBytes += channel.size();
        }
      }
      out.printf(
          Locale.ROOT,
          "evacuating %d segments, %s, from %s into %s%n",
          segments.size(),
          mib(totalBytes),
          settings.source(),
          known.values());
      int done = 0;
      long bytes = 0;
      for (SegmentPath segment : segments) {
        try {
          bytes += AnchorCopies.evacuate(manager, segment);
          done++;
        } catch (NoSuchFileException e) {
          left.add(segment.key());
          out.printf(Locale.ROOT, "left %s: its anchor is missing (%s)%n", segment.key(), e);
          continue;
        }
        out.printf(
            Locale.ROOT,
            "evacuated %d/%d segments, %s/%s: %s%n",
            done,
            segments.size(),
            mib(bytes),
            mib(totalBytes),
            segment.anchor());
      }
      if (!left.isEmpty()) {
        out.printf(Locale.ROOT, "left %d keys in the tiers: %s%n", left.size(), left);
      }
      out.printf(Locale.ROOT, "done: %d segments, %s%n", done, mib(bytes));
      return new Result(done, bytes, left);
    }
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
  }
}
