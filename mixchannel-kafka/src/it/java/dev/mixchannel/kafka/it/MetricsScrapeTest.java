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
package dev.mixchannel.kafka.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The metrics reach an operator's Prometheus: a real broker runs the MixChannel agent and the real
 * Prometheus JMX exporter ({@code io.prometheus.jmx:jmx_prometheus_javaagent}) with the rules the
 * repository ships (docs/metrics/jmx-exporter.yml); after records are produced with every message
 * flushed, the scrape holds every metric docs/metrics.md names and every metric a query of the
 * Grafana dashboard (docs/metrics/grafana-dashboard.json) names. Runs with the broker tests.
 */
@Tag("slow")
class MetricsScrapeTest {

  private static final Pattern DOC_METRIC =
      Pattern.compile("(?m)^\\| `(mixchannel_[a-z0-9_]+)` \\|");
  private static final Pattern QUERY_METRIC = Pattern.compile("\\bmixchannel_[a-z0-9_]+");
  private static final Pattern EXPR = Pattern.compile("\"expr\": \"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Duration SCRAPE_WAIT = Duration.ofSeconds(60);

  private static Path docs;

  @BeforeAll
  static void locate() {
    BrokerTests.assumeOn();
    docs = Path.of(System.getProperty("mixchannel.docs"));
  }

  @Test
  void shouldScrapeEveryDocumentedMetricWhenTheExporterRunsBesideTheAgent() throws Exception {
    String id = BrokerTests.newId();
    Path home = BrokerTests.work().resolve("metrics-" + id);
    Path pmem = TestFiles.pmemDirectory("metrics-" + id, home);
    Map<String, String> config = BrokerTests.pmemTier(pmem, "24m", "0.25");
    config.put("mixchannel.migrate.idle.ms", "1000");
    config.put("mixchannel.migrate.interval.ms", "500");
    config.put("log.flush.interval.messages", "1");
    int port = freePort();
    String exporter =
        "-javaagent:"
            + System.getProperty("mixchannel.jmx.exporter")
            + "=127.0.0.1:"
            + port
            + ":"
            + docs.resolve("metrics/jmx-exporter.yml");
    try (KafkaBroker broker = new KafkaBroker(home, BrokerTests.libs(), config)) {
      List<String> options = List.of(BrokerTests.agent(broker.serverProperties()).get(0), exporter);
      broker.format(Uuid.randomUuid().toString());
      broker.start(options);
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), "metrics");
      traffic.createTopic(Map.of("segment.bytes", "1048576"));
      traffic.produce(0, 20_000);

      Set<String> scraped = scrape(port);
      Set<String> documented = matches(DOC_METRIC, Files.readString(docs.resolve("metrics.md")));
      Set<String> queried = new TreeSet<>();
      Matcher expr = EXPR.matcher(Files.readString(docs.resolve("metrics/grafana-dashboard.json")));
      while (expr.find()) {
        queried.addAll(matches(QUERY_METRIC, expr.group(1)));
      }
      System.out.printf(
          "[metrics] the scrape has %d MixChannel metrics: %s%n", scraped.size(), scraped);

      assertThat(documented).as("metrics docs/metrics.md names").hasSizeGreaterThan(30);
      assertThat(queried).as("metrics the dashboard queries").hasSizeGreaterThan(10);
      assertThat(scraped).as("the scrape").containsAll(documented).containsAll(queried);
      assertThat(documented).as("docs/metrics.md lists every metric scraped").containsAll(scraped);
      broker.stop();
    } finally {
      TestFiles.deleteTree(pmem);
    }
  }

  /** The MixChannel metric names of a scrape, once the Kafka adapter's are in it (bounded wait). */
  private static Set<String> scrape(int port) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
            .timeout(Duration.ofSeconds(10))
            .build();
    long deadline = System.nanoTime() + SCRAPE_WAIT.toNanos();
    Set<String> names = new TreeSet<>();
    while (System.nanoTime() < deadline) {
      String body = client.send(request, HttpResponse.BodyHandlers.ofString()).body();
      names.clear();
      for (String line : body.split("\n")) {
        if (line.startsWith("mixchannel_")) {
          names.add(line.split("[{ ]", 2)[0]);
        }
      }
      if (names.contains("mixchannel_kafka_opens_total")
          && names.contains("mixchannel_migration_bytes")) {
        return names;
      }
      Thread.sleep(500);
    }
    return names;
  }

  private static Set<String> matches(Pattern pattern, String text) {
    Set<String> found = new TreeSet<>();
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      found.add(m.groupCount() > 0 ? m.group(1) : m.group());
    }
    return found;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
