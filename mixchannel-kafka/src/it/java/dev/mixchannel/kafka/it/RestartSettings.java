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

import java.nio.file.Path;

/**
 * What one {@link KafkaRestartBenchmark} run measures: the {@code mixchannel.kafka.restart.bench.*}
 * knobs that docs/benchmarks.md lists ("Kafka restart").
 *
 * @param partitions partitions of the one topic (the restart's work)
 * @param records records written to every partition before the first restart
 * @param recordBytes the value size of every record
 * @param rounds rounds; each restarts both brokers after a clean stop and after a kill -9
 * @param disk a directory on disk (both brokers' log dirs)
 * @param pmem a directory on the PMem file system (the agent's PMem tier)
 * @param pmemCapacity the agent's PMem tier capacity, such as {@code 3g}
 * @param extentSize the PMem tier's extent size, such as {@code 1m} (every partition's active
 *     segment holds one at least)
 * @param onlineTimeoutSeconds a bound on each wait for all partitions to be online
 * @param out where the JFR recordings go
 * @param jfr whether every measured start records a JFR profile (dumped once all partitions are
 *     online)
 */
public record RestartSettings(
    int partitions,
    int records,
    int recordBytes,
    int rounds,
    Path disk,
    Path pmem,
    String pmemCapacity,
    String extentSize,
    int onlineTimeoutSeconds,
    Path out,
    boolean jfr) {

  private static final String PREFIX = "mixchannel.kafka.restart.bench.";

  /**
   * The settings from {@code mixchannel.kafka.restart.bench.*} system properties, with the defaults
   * of issue 19: 2,000 partitions of 3 records, 2 rounds.
   *
   * @return the settings
   */
  public static RestartSettings fromSystemProperties() {
    return new RestartSettings(
        number("partitions", 2000),
        number("records", 3),
        number("record.bytes", 100),
        number("rounds", 2),
        Path.of(text("disk", "/var/tmp")),
        Path.of(text("pmem", "/dev/shm")),
        text("pmem.capacity", "3g"),
        text("extent.size", "1m"),
        number("online.timeout.seconds", 300),
        Path.of(text("out", "target/kafka-restart")),
        Boolean.parseBoolean(text("jfr", "false")));
  }

  private static String text(String key, String defaultValue) {
    return System.getProperty(PREFIX + key, defaultValue);
  }

  private static int number(String key, int defaultValue) {
    String value = text(key, Integer.toString(defaultValue));
    try {
      int parsed = Integer.parseInt(value.trim());
      if (parsed <= 0) {
        throw new IllegalArgumentException(
            "bad restart benchmark setting: " + PREFIX + key + "=" + value + ", expected > 0");
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "bad restart benchmark setting: " + PREFIX + key + "=" + value + ", expected an integer",
          e);
    }
  }
}
