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
package dev.mixchannel.bookkeeper.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.bookkeeper.internal.BookieConfig;
import dev.mixchannel.bookkeeper.internal.JournalKeys;
import dev.mixchannel.bookkeeper.internal.JournalSettings;
import dev.mixchannel.bookkeeper.internal.JournalStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.client.LedgerHandle;
import org.apache.bookkeeper.conf.ServerConfiguration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Journals of 1 MiB that roll often, a checkpoint every 500 ms and one backup journal, so that the
 * bookie garbage-collects journals while entries arrive; {@code journalReuseFiles=true}, which the
 * provider turns down ({@code supportReuseFile()} is false), and a SIGKILL during adds: the bookie
 * restarts, every acknowledged entry reads back, the reaper deletes the keys of the collected
 * journals in the running bookie, and no key is left without its journal file.
 */
@Tag("slow")
@BookieClusterLogs
class JournalGcTest {

  @Test
  void shouldLeaveNoKeyBehindWhenJournalsRollAndAreCollectedWithReuseRequested() throws Exception {
    Path home = BookieCluster.newHome("gc");
    try (TestTiers tiers = new TestTiers(home);
        BookieCluster cluster = new BookieCluster(home);
        BookieProcess bookie = cluster.bookie("bookie", gcConfig(tiers))) {
      bookie.start(cluster.admin());
      LedgerHandle ledger = cluster.createLedger(1, 1, 1);
      // Killed once the bookie has collected three journals, however fast the adds run: a fixed
      // number of entries was written before three checkpoints on a quiet machine.
      NavigableSet<Long> acked =
          Traffic.write(ledger, 1_000_000, 64, 2_000, () -> killAfterCollections(bookie, 3));
      assertThat(acked.size()).isGreaterThanOrEqualTo(2_000);
      assertThat(acked.last()).as("acknowledged in order").isEqualTo(acked.size() - 1L);
      String firstRun = bookie.log();
      assertThat(BookieCluster.count(firstRun, "garbage collected journal"))
          .isGreaterThanOrEqualTo(3);

      bookie.start(cluster.admin());
      Traffic.recoverAndVerify(cluster, ledger.getId(), acked);
      String logs = firstRun + bookie.log();
      assertThat(logs).doesNotContain("Invalid record");
      assertThat(
              BookieCluster.count(
                  logs, "deleted the key of a journal the bookie garbage-collected"))
          .isGreaterThanOrEqualTo(3);
      assertThat(logs).doesNotContain("quarantined a journal key");
      bookie.stop();

      // Journals the bookie deleted after the last pass go at the next open's pass.
      ServerConfiguration conf = new ServerConfiguration();
      conf.loadConf(bookie.confFile().toUri().toURL());
      JournalStorage storage =
          new JournalStorage(JournalSettings.from(BookieConfig.of(conf)), Clock.systemUTC());
      try {
        TreeSet<String> keys = new TreeSet<>();
        for (String key : storage.keys()) {
          assertThat(key).startsWith(JournalKeys.PREFIX);
          keys.add(key);
        }
        // No key outlives its journal file.
        TreeSet<String> placeholders = TestTiers.keysOf(bookie.journalDir());
        assertThat(keys).isNotEmpty().isSubsetOf(placeholders);
        assertThat(keys.size()).isLessThanOrEqualTo(4);
        // A journal file without a key is one the bookie created just before the SIGKILL, before
        // its first write: empty, and replayed as empty.
        for (Path file : TestTiers.journalFiles(bookie.journalDir())) {
          if (!keys.contains(JournalKeys.keyOf(file))) {
            assertThat(Files.size(file)).isZero();
            assertThat(logs)
                .contains("journal placeholder has no key, replayed as empty: file=" + file);
          }
        }
      } finally {
        storage.closeNow();
      }
    }
  }

  /**
   * SIGKILLs the bookie once its log shows {@code collections} collected journals (60 s at most).
   */
  private static void killAfterCollections(BookieProcess bookie, int collections) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (BookieCluster.count(bookie.log(), "garbage collected journal") < collections
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    bookie.kill();
  }

  private static Map<String, String> gcConfig(TestTiers tiers) {
    Map<String, String> config = new HashMap<>(tiers.providerConfig());
    config.put("journalMaxSizeMB", "1");
    config.put("journalPreAllocSizeMB", "1");
    config.put("journalMaxBackups", "1");
    config.put("flushInterval", "500");
    config.put("journalReuseFiles", "true");
    config.put("mixchannel.bookkeeper.reap.interval.ms", "200");
    return config;
  }
}
