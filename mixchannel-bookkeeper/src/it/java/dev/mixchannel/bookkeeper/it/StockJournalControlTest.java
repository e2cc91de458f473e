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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import org.apache.bookkeeper.client.LedgerHandle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The control for {@link JournalReplayTest}: the same bookie, kill and restart with BookKeeper's
 * own journal files and no provider.
 */
@Tag("slow")
@BookieClusterLogs
class StockJournalControlTest {

  @Test
  void shouldReplayEveryAcknowledgedEntryFromJournalFilesWhenNoProviderIsConfigured()
      throws Exception {
    Path home = BookieCluster.newHome("control");
    try (BookieCluster cluster = new BookieCluster(home);
        BookieProcess bookie = cluster.bookie("bookie", Map.of("flushInterval", "600000"))) {
      bookie.start(cluster.admin());
      LedgerHandle ledger = cluster.createLedger(1, 1, 1);
      NavigableSet<Long> acked = Traffic.writeUntilKilled(ledger, bookie, 10_000);
      List<Path> files = TestTiers.journalFiles(bookie.journalDir());
      assertThat(files).isNotEmpty();
      assertThat(Files.size(files.get(files.size() - 1))).isPositive();

      bookie.start(cluster.admin());
      assertThat(bookie.log()).contains("Replaying journal");
      Traffic.recoverAndVerify(cluster, ledger.getId(), acked);
      bookie.stop();
    }
  }
}
