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

import dev.mixchannel.bookkeeper.Evacuate;
import dev.mixchannel.bookkeeper.internal.JournalKeys;
import dev.mixchannel.bookkeeper.internal.JournalPlaceholder;
import dev.mixchannel.bookkeeper.internal.JournalPlaceholder.State;
import dev.mixchannel.tiering.TierManager;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.apache.bookkeeper.client.LedgerHandle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A real bookie (child JVM, DbLedgerStorage, {@code journalSyncData=true}) with its journal on the
 * PMem tier through the provider: killed with SIGKILL while adds are in flight; started without the
 * provider, it refuses its placeholder journals instead of replaying them as empty; restarted with
 * it, journal replayed from the tiers; then the provider removed with {@code Evacuate} while a
 * ledger lives only in the journal. The ledger storage flushes only at start (flushInterval 10
 * min), so entries that come back after a kill come from the journal.
 */
@Tag("slow")
@BookieClusterLogs
class JournalReplayTest {

  @Test
  void shouldRefuseToStartWithoutTheProviderAndReplayEveryEntryWithItWhenKilledDuringAdds()
      throws Exception {
    Path home = BookieCluster.newHome("replay");
    try (TestTiers tiers = new TestTiers(home);
        BookieCluster cluster = new BookieCluster(home);
        BookieProcess bookie = cluster.bookie("bookie", tiers.providerConfig())) {
      bookie.configure(Map.of("flushInterval", "600000"));
      bookie.start(cluster.admin());
      LedgerHandle first = cluster.createLedger(1, 1, 1);
      NavigableSet<Long> acked = Traffic.writeUntilKilled(first, bookie, 10_000);

      // The provider's line dropped from the configuration: the stock bookie's replay reads a
      // placeholder's header and refuses it; the bookie stops before it serves or moves its mark.
      bookie.configure(tiers.withoutProvider());
      String refused =
          bookie.startRefused(cluster.admin(), "Exception while replaying journals, shutting down");
      assertThat(refused)
          .contains(
              "Invalid journal version, unable to read. Expected between (1) and (6), got ("
                  + JournalPlaceholder.FORMAT_VERSION
                  + ")")
          .doesNotContain("opened the journal tiers");

      bookie.configure(tiers.providerConfig());
      bookie.start(cluster.admin());
      assertThat(bookie.log()).contains("Replaying journal");
      Traffic.recoverAndVerify(cluster, first.getId(), acked);

      // A second ledger that lives only in the journal when the bookie is killed.
      LedgerHandle second = cluster.createLedger(1, 1, 1);
      NavigableSet<Long> secondAcked = Traffic.write(second, 2_000, 64, -1, () -> {});
      assertThat(secondAcked).hasSize(2_000);
      bookie.kill();

      List<Path> files = TestTiers.journalFiles(bookie.journalDir());
      assertThat(files).isNotEmpty();
      for (Path file : files) {
        assertThat(JournalPlaceholder.stateOf(file))
            .as("placeholder %s", file)
            .isEqualTo(State.WHOLE);
      }
      TreeSet<String> placeholderKeys = TestTiers.keysOf(bookie.journalDir());
      try (TierManager manager = tiers.open()) {
        TreeSet<String> journalKeys = new TreeSet<>();
        for (String key : manager.keys()) {
          if (JournalKeys.isJournalKey(key)) {
            journalKeys.add(key);
          }
        }
        assertThat(journalKeys).isEqualTo(placeholderKeys);
        assertThat(manager.tierOf(journalKeys.last())).isEqualTo("pmem");
      }

      // readjournal, with a provider of its own, reads the latest journal from the tiers.
      Path latest = files.get(files.size() - 1);
      BookieProcess.ToolRun readJournal =
          bookie.runTool(
              "org.apache.bookkeeper.bookie.BookieShell",
              "-conf",
              bookie.confFile().toString(),
              "readjournal",
              latest.toString());
      assertThat(readJournal.exitCode()).as(readJournal.output()).isZero();
      assertThat(BookieCluster.count(readJournal.output(), "Lid=" + second.getId() + ","))
          .isGreaterThanOrEqualTo(2_000);

      // Removing the provider: evacuate, then start the bookie without it.
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int code =
          Evacuate.run(
              new String[] {bookie.confFile().toString()},
              new PrintStream(out, true, StandardCharsets.UTF_8),
              System.err);
      assertThat(code).as(out.toString(StandardCharsets.UTF_8)).isZero();
      assertThat(Files.size(latest)).isPositive();
      bookie.configure(tiers.withoutProvider());
      bookie.start(cluster.admin());
      LedgerHandle evacuated = cluster.openLedger(second.getId());
      assertThat(evacuated.getLastAddConfirmed()).isEqualTo(1_999L);
      assertThat(Traffic.verify(evacuated, 1_999, secondAcked)).isEqualTo(2_000);
      bookie.stop();
    }
  }
}
