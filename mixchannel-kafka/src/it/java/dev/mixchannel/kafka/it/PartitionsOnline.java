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

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * Waits, from the outside, until a broker serves every partition of a topic: one {@code
 * ListOffsets} request for all of them answers, for each, the log end offset it must have. A
 * partition whose log is not loaded yet, or that has no leader yet, fails the request; the wait
 * asks again every 50 ms, up to a bound.
 */
final class PartitionsOnline {

  private static final long POLL_MILLIS = 50;

  private PartitionsOnline() {}

  /**
   * Waits until every partition is online with its log end offset.
   *
   * @param bootstrap the broker
   * @param topic the topic
   * @param partitions its partitions
   * @param endOffset the log end offset every partition must answer
   * @param timeout how long to wait at most
   * @throws Exception when a partition answers another offset (a record lost or invented) or the
   *     partitions are not all online in time
   */
  static void await(
      String bootstrap, String topic, int partitions, long endOffset, Duration timeout)
      throws Exception {
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    for (int p = 0; p < partitions; p++) {
      request.put(new TopicPartition(topic, p), OffsetSpec.latest());
    }
    Properties config = new Properties();
    config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "5000");
    config.put(AdminClientConfig.RETRY_BACKOFF_MS_CONFIG, "50");
    config.put(AdminClientConfig.RETRY_BACKOFF_MAX_MS_CONFIG, "50");
    long deadline = System.nanoTime() + timeout.toNanos();
    String last = "no answer yet";
    try (Admin admin = Admin.create(config)) {
      while (System.nanoTime() < deadline) {
        try {
          Map<TopicPartition, ListOffsetsResultInfo> offsets =
              admin.listOffsets(request).all().get(5, TimeUnit.SECONDS);
          for (Map.Entry<TopicPartition, ListOffsetsResultInfo> e : offsets.entrySet()) {
            if (e.getValue().offset() != endOffset) {
              throw new IllegalStateException(
                  "partition came back with another log end offset: partition="
                      + e.getKey()
                      + ", offset="
                      + e.getValue().offset()
                      + ", expected="
                      + endOffset);
            }
          }
          return;
        } catch (ExecutionException | TimeoutException e) {
          last = String.valueOf(e.getCause() == null ? e : e.getCause());
        }
        Thread.sleep(POLL_MILLIS);
      }
    }
    throw new IllegalStateException(
        "partitions not all online in " + timeout + ": topic=" + topic + ", last=" + last);
  }
}
