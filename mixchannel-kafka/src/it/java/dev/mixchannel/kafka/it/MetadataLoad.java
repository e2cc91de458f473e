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

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;

/**
 * Metadata-heavy loads, measured from the client, one request at a time. In KRaft each of these
 * requests returns once the controller has committed its records to the {@code __cluster_metadata}
 * log, and the Raft leader forces that log after every batch it appends, whatever the {@code
 * log.flush.*} settings: so the latency of a request is mostly the metadata log's append and force.
 *
 * <p>Not thread-safe; the caller closes it (it holds an admin client).
 */
public final class MetadataLoad implements AutoCloseable {

  private static final long REQUEST_TIMEOUT_SECONDS = 30;

  private final Admin admin;

  /**
   * Opens an admin client.
   *
   * @param bootstrap the bootstrap address
   */
  public MetadataLoad(String bootstrap) {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "20000");
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
    this.admin = Admin.create(p);
  }

  /**
   * Changes a client quota again and again: one {@code ClientQuotaRecord} per request, nothing but
   * a metadata commit (no partition, no log of the broker's own).
   *
   * @param warmups unmeasured changes first
   * @param commits measured changes
   * @param maxSeconds a bound on the measured part: it stops early when this is exceeded
   * @return the latency of each measured change, in microseconds
   * @throws Exception when a request fails or times out
   */
  public Histogram commitMicros(int warmups, int commits, int maxSeconds) throws Exception {
    Histogram micros = ProducerLoad.newHistogram();
    for (int i = 0; i < warmups; i++) {
      alterQuota(i);
    }
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(maxSeconds);
    for (int i = 0; i < commits && System.nanoTime() < end; i++) {
      long start = System.nanoTime();
      alterQuota(warmups + i);
      ProducerLoad.record(micros, System.nanoTime() - start);
    }
    return micros;
  }

  /**
   * Creates topics of one partition one after the other, then deletes them one after the other;
   * each request returns when the controller has committed it (the broker creates and deletes the
   * partitions' logs asynchronously).
   *
   * @param prefix the topics' name prefix, unique per call
   * @param topics how many topics
   * @param maxSeconds a bound on the creations: it stops creating when this is exceeded
   * @return creations plus deletions per second
   * @throws Exception when a request fails or times out
   */
  public double topicOperationsPerSecond(String prefix, int topics, int maxSeconds)
      throws Exception {
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(maxSeconds);
    int created = 0;
    while (created < topics && System.nanoTime() < end) {
      admin
          .createTopics(List.of(new NewTopic(prefix + created, 1, (short) 1)))
          .all()
          .get(REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      created++;
    }
    for (int i = 0; i < created; i++) {
      admin.deleteTopics(List.of(prefix + i)).all().get(REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
    return 2.0 * created / ((System.nanoTime() - start) / 1e9);
  }

  private void alterQuota(int i) throws Exception {
    ClientQuotaEntity user =
        new ClientQuotaEntity(Map.of(ClientQuotaEntity.USER, "bench-" + i % 64));
    ClientQuotaAlteration.Op rate = new ClientQuotaAlteration.Op("producer_byte_rate", 1e6 + i);
    admin
        .alterClientQuotas(List.of(new ClientQuotaAlteration(user, List.of(rate))))
        .all()
        .get(REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    admin.close();
  }
}
