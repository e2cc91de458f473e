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

import dev.mixchannel.bookkeeper.internal.JournalPlaceholder;
import dev.mixchannel.bookkeeper.internal.JournalPlaceholder.State;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import org.apache.bookkeeper.client.LedgerHandle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Three bookies, each with its journal on its own PMem tier through the provider; a ledger with
 * ensemble 3, write and ack quorum 3, so that every acknowledged entry is in every journal. One
 * bookie is killed with SIGKILL while adds are in flight and restarted; then the other two are
 * stopped and every acknowledged entry is read from the restarted bookie alone.
 */
@Tag("slow")
@BookieClusterLogs
class EnsembleThreeTest {

  @Test
  void shouldServeEveryAcknowledgedEntryFromTheReplayedBookieWhenItWasKilledDuringAdds()
      throws Exception {
    Path home = BookieCluster.newHome("ensemble3");
    List<TestTiers> tiers = new ArrayList<>();
    List<BookieProcess> bookies = new ArrayList<>();
    try (BookieCluster cluster = new BookieCluster(home)) {
      for (int i = 0; i < 3; i++) {
        TestTiers bookieTiers = new TestTiers(home.resolve("tiers-" + i));
        tiers.add(bookieTiers);
        Map<String, String> config = new HashMap<>(bookieTiers.providerConfig());
        config.put("flushInterval", "600000");
        bookies.add(cluster.bookie("bookie-" + i, config));
      }
      for (BookieProcess bookie : bookies) {
        bookie.start(cluster.admin());
      }
      BookieProcess victim = bookies.get(0);
      LedgerHandle ledger = cluster.createLedger(3, 3, 3);
      NavigableSet<Long> acked = Traffic.writeUntilKilled(ledger, victim, 10_000);

      victim.start(cluster.admin());
      assertThat(victim.log()).contains("Replaying journal");
      bookies.get(1).stop();
      bookies.get(2).stop();
      LedgerHandle reader = cluster.openLedgerNoRecovery(ledger.getId());
      assertThat(Traffic.verify(reader, acked.last(), acked)).isEqualTo(acked.size());
      for (Path file : TestTiers.journalFiles(victim.journalDir())) {
        assertThat(JournalPlaceholder.stateOf(file))
            .as("placeholder %s", file)
            .isEqualTo(State.WHOLE);
      }
      victim.stop();
    } finally {
      for (BookieProcess bookie : bookies) {
        bookie.close();
      }
      for (TestTiers t : tiers) {
        t.close();
      }
    }
  }
}
