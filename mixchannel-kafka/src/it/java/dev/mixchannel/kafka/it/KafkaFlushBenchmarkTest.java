package dev.mixchannel.kafka.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link KafkaFlushBenchmark} when {@code -Dmixchannel.kafka.bench=true}; it measures, it
 * asserts no timing.
 */
class KafkaFlushBenchmarkTest {

  @Test
  void shouldMeasureProducerThroughputWhenEveryMessageIsFlushed() throws Exception {
    assumeTrue(
        Boolean.getBoolean("mixchannel.kafka.bench"),
        "benchmark off (-Dmixchannel.kafka.bench=true runs it)");
    KafkaFlushBenchmark benchmark =
        KafkaFlushBenchmark.fromSystemProperties(
            Path.of(System.getProperty("mixchannel.kafka.libs")),
            Path.of(System.getProperty("mixchannel.kafka.agent")));

    List<KafkaFlushBenchmark.Result> results = benchmark.run();
    KafkaFlushBenchmark.print(results);

    assertThat(results).hasSizeBetween(2, 3).allSatisfy(r -> assertThat(r.records()).isPositive());
  }
}
