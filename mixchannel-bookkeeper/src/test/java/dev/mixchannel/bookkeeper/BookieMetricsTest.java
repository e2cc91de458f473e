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
package dev.mixchannel.bookkeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.bookkeeper.it.BookieCluster;
import dev.mixchannel.bookkeeper.it.BookieProcess;
import dev.mixchannel.bookkeeper.it.TestTiers;
import dev.mixchannel.bookkeeper.it.Traffic;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.bookkeeper.client.LedgerHandle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/**
 * A real bookie with the provider and BookKeeper's Prometheus stats provider: its own metrics
 * endpoint shows MixChannel's metrics beside the bookie's, under the names docs/metrics.md lists.
 */
@Tag("slow")
@ExpectedLog(
    logger = "org.apache.bookkeeper",
    reason = "the BookKeeper client in this JVM warns about the bookie it loses at the end")
@ExpectedLog(
    logger = "org.apache.bookkeeper",
    level = Level.ERROR,
    reason = "the client logs the connections lost when the bookie stops as errors")
@ExpectedLog(logger = "org.apache.zookeeper.server.ServerCnxnFactory", contains = "maxCnxns")
class BookieMetricsTest {

  private static final Pattern DOC_METRIC =
      Pattern.compile("(?m)^\\| `(mixchannel_[a-z0-9_]+)` \\|");

  @Test
  void shouldShowMixChannelMetricsOnTheBookiesPrometheusEndpoint() throws Exception {
    int port = freePort();
    Path home = BookieCluster.newHome("metrics");
    try (TestTiers tiers = new TestTiers(home);
        BookieCluster cluster = new BookieCluster(home)) {
      Map<String, String> config = new LinkedHashMap<>(tiers.providerConfig());
      config.put("enableStatistics", "true");
      config.put(
          "statsProviderClass", "org.apache.bookkeeper.stats.prometheus.PrometheusMetricsProvider");
      config.put("prometheusStatsHttpAddress", "127.0.0.1");
      config.put("prometheusStatsHttpPort", Integer.toString(port));
      try (BookieProcess bookie = cluster.bookie("bookie", config)) {
        bookie.start(cluster.admin());
        LedgerHandle ledger = cluster.createLedger(1, 1, 1);
        assertThat(Traffic.write(ledger, 200, 8, -1, () -> {})).hasSize(200);

        String body = scrape(port);
        Set<String> names = new TreeSet<>();
        for (String line : body.split("\n")) {
          if (line.startsWith("mixchannel_")) {
            names.add(line.split("[{ ]", 2)[0]);
          }
        }
        Set<String> documented = new TreeSet<>();
        Matcher m = DOC_METRIC.matcher(Files.readString(Path.of("../docs/metrics.md")));
        while (m.find()) {
          documented.add(m.group(1));
        }
        System.out.printf("[bookie metrics] %d MixChannel metrics: %s%n", names.size(), names);
        assertThat(body).as("the bookie's own metrics").contains("bookie_");
        assertThat(names)
            .contains(
                "mixchannel_tier_used_bytes", "mixchannel_keys", "mixchannel_migrations_total")
            .hasSizeGreaterThanOrEqualTo(8);
        assertThat(documented).as("docs/metrics.md lists them").containsAll(names);
        assertThat(body).containsPattern("mixchannel_tier_keys\\{[^}]*tier=\"pmem\"[^}]*\\} [1-9]");
        bookie.stop();
      }
    }
  }

  private static String scrape(int port) throws Exception {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
            .timeout(Duration.ofSeconds(10))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
