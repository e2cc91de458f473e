/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.mixchannel.kafka.internal;

import dev.mixchannel.common.ByteSizes;
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
 * Demotes every segment into its own Kafka {@code *.log} file (the last tier), so that the broker
 * can start without the agent, or a fast tier can be removed from the settings. Runs with the
 * broker stopped (the tiers' lock refuses a second process). Reconciles first, then demotes each
 * key of a known log dir with the migration protocol (copy under a name Kafka ignores, made
 * durable, renamed over the placeholder, the fast copy removed); running it again continues where
 * it stopped. Refused keys and placeholders whose key no tier holds (bytes lost on a fast tier,
 * {@link LostSegments}) are listed as left, and their log dirs keep the mark.
 */
public final class Evacuator {

  private final AdapterSettings settings;
  private final List<Path> logDirs;
  private final PrintStream out;
  private String prefix = "";

  /**
   * The result of a run.
   *
   * @param segments segments demoted
   * @param bytes bytes copied
   * @param leftKeys keys left on a fast tier (unknown log dir, missing file, quarantined, refused),
   *     and the keys of placeholders whose bytes a fast tier lost
   */
  public record Result(int segments, long bytes, List<String> leftKeys) {

    /**
     * Copies the list.
     *
     * @param segments segments demoted
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
   * Demotes only the keys that start with a prefix.
   *
   * @param keyPrefix the prefix; empty for every key
   * @return this evacuator
   */
  public Evacuator only(String keyPrefix) {
    this.prefix = keyPrefix;
    return this;
  }

  /**
   * Runs the evacuation.
   *
   * @return what was done
   * @throws IOException when the tiers or a log dir fail; what was done stays done
   */
  public Result run() throws IOException {
    LogDirs dirs = LogDirs.of(logDirs, settings.config());
    String last = AdapterSettings.LOGDIR_TIER;
    KafkaTiers tiers = KafkaTiers.open(settings, dirs, false);
    try (KafkaSegmentStore store =
        KafkaSegmentStore.open(
            tiers,
            dirs,
            last,
            0,
            settings.quarantineRetentionMillis(),
            System::currentTimeMillis,
            false,
            LogDirStatus.NEVER_OFFLINE,
            settings::excludes)) {
      TierManager manager = store.manager();
      Map<String, Path> known = dirs.known();
      List<String> hot = new ArrayList<>();
      List<String> left = new ArrayList<>();
      long totalBytes = 0;
      for (String key : manager.keys()) {
        if (!key.startsWith(prefix) && !Quarantine.isQuarantined(key)) {
          continue;
        }
        Optional<SegmentKey> parsed = SegmentKey.parse(key);
        if (parsed.isEmpty() || known.get(parsed.get().tag()) == null) {
          left.add(key);
        } else if (!last.equals(manager.tierOf(key))) {
          hot.add(key);
          totalBytes += size(manager, key);
        }
      }
      List<String> divergent = manager.divergentKeys();
      for (String key : manager.refusedKeys()) {
        if (key.startsWith(prefix) || Quarantine.isQuarantined(key)) {
          left.add(key);
          out.printf(
              Locale.ROOT,
              divergent.contains(key)
                  ? "left %s: its complete copies on two tiers differ, resolve it first"
                      + " (mixchannel-tool resolve)%n"
                  : "left %s: a tier refuses its copy (a damaged PMem slot), what it holds is"
                      + " unknown%n",
              key);
        }
      }
      for (SegmentPath segment : lost(tiers, LogDirWalk.listing(dirs))) {
        if (segment.key().startsWith(prefix)) {
          left.add(segment.key());
          out.printf(
              Locale.ROOT,
              "left %s: its file %s is a placeholder whose key no tier holds, its bytes were on a"
                  + " fast tier that no longer holds them (check the fast tiers' mounts and pool"
                  + " paths; docs/troubleshooting.md)%n",
              segment.key(),
              segment.anchor());
        }
      }
      out.printf(
          Locale.ROOT,
          "demoting %d segments, %s, from %s into their files in %s%n",
          hot.size(),
          ByteSizes.format(totalBytes),
          settings.source(),
          known.values());
      int done = 0;
      long bytes = 0;
      for (String key : hot) {
        long size = size(manager, key);
        try {
          manager.migrate(key, last);
        } catch (NoSuchFileException e) {
          left.add(key);
          out.printf(Locale.ROOT, "left %s: its segment file is missing (%s)%n", key, e);
          continue;
        }
        done++;
        bytes += size;
        out.printf(
            Locale.ROOT,
            "demoted %d/%d segments, %s/%s: %s%n",
            done,
            hot.size(),
            ByteSizes.format(bytes),
            ByteSizes.format(totalBytes),
            key);
      }
      if (!left.isEmpty()) {
        out.printf(Locale.ROOT, "left %d keys on the fast tiers: %s%n", left.size(), left);
      }
      unmarkEmptied(manager, known, tiers, dirs);
      out.printf(Locale.ROOT, "done: %d segments, %s%n", done, ByteSizes.format(bytes));
      return new Result(done, bytes, left);
    }
  }

  /**
   * Removes the mark of each log dir of which no key (a quarantined one included) is on a fast tier
   * any more, so that a Kafka without the agent may load it; a dir with keys left keeps it, and so
   * does one with a refused key (copies that differ, a copy a tier refuses) or with a segment file
   * that is a placeholder whose key no tier holds (its bytes were lost on a fast tier: a Kafka
   * without the agent would read its file as a segment), found by a listing made now; a dir that
   * cannot be listed whole keeps it too.
   */
  private void unmarkEmptied(
      TierManager manager, Map<String, Path> known, KafkaTiers tiers, LogDirs dirs)
      throws IOException {
    LogDirWalk.Listing listing = LogDirWalk.listing(dirs);
    List<SegmentPath> lost = lost(tiers, listing);
    Map<String, Integer> hotByTag = new java.util.TreeMap<>();
    List<String> onFastTiers = new ArrayList<>();
    for (String key : manager.keys()) {
      if (!AdapterSettings.LOGDIR_TIER.equals(manager.tierOf(key))) {
        onFastTiers.add(key);
      }
    }
    // A refused key has a copy on a tier faster than its log dir: its dir keeps the mark.
    onFastTiers.addAll(manager.refusedKeys());
    lost.forEach(segment -> onFastTiers.add(segment.key()));
    for (String key : onFastTiers) {
      SegmentKey.parse(Quarantine.originalOf(key).orElse(key))
          .ifPresent(k -> hotByTag.merge(k.tag(), 1, Integer::sum));
    }
    for (Map.Entry<String, Path> dir : known.entrySet()) {
      int hot = hotByTag.getOrDefault(dir.getKey(), 0);
      if (listing.partial().contains(dir.getValue())) {
        out.printf(
            Locale.ROOT,
            "kept the MixChannel mark of %s: it cannot be listed whole (see the WARN lines)%n",
            dir.getValue());
      } else if (hot > 0) {
        out.printf(
            Locale.ROOT,
            "kept the MixChannel mark of %s: %d keys of it are on a fast tier (refused or lost"
                + " ones included)%n",
            dir.getValue(),
            hot);
      } else if (LogDirMark.unmark(dir.getValue())) {
        out.printf(
            Locale.ROOT,
            "removed the MixChannel mark of %s: a Kafka without the agent may load it%n",
            dir.getValue());
      }
    }
  }

  /** The segments of a listing whose bytes a fast tier lost ({@link LostSegments}). */
  private static List<SegmentPath> lost(KafkaTiers tiers, LogDirWalk.Listing listing)
      throws IOException {
    List<SegmentPath> lost = new ArrayList<>();
    for (SegmentPath segment : listing.segments()) {
      if (tiers.lost().isLost(segment)) {
        lost.add(segment);
      }
    }
    return lost;
  }

  private static long size(TierManager manager, String key) throws IOException {
    try (MixChannel channel = manager.open(key, StandardOpenOption.READ)) {
      return channel.size();
    }
  }
}
