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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Produces records whose value is a function of their offset in one partition of a topic, and
 * checks them when read back. Every call is bounded in time.
 */
public final class RecordTraffic {

  /** The padding of a record value unless told otherwise: about 200-byte values. */
  public static final int DEFAULT_PADDING = 180;

  private final String bootstrap;
  private final String topic;
  private final TopicPartition partition;
  private final String padding;

  /**
   * Traffic of partition 0 of a topic, with about 200-byte values.
   *
   * @param bootstrap the bootstrap address
   * @param topic the topic
   */
  public RecordTraffic(String bootstrap, String topic) {
    this(bootstrap, topic, 0, DEFAULT_PADDING);
  }

  /**
   * Traffic of one partition of a topic.
   *
   * @param bootstrap the bootstrap address
   * @param topic the topic
   * @param partition the partition number
   * @param paddingChars characters of padding in each value (the value is about 20 more)
   */
  public RecordTraffic(String bootstrap, String topic, int partition, int paddingChars) {
    this.bootstrap = bootstrap;
    this.topic = topic;
    this.partition = new TopicPartition(topic, partition);
    this.padding = "x".repeat(paddingChars);
  }

  /**
   * The value of the record at an offset.
   *
   * @param offset the offset
   * @return its value
   */
  public String valueAt(long offset) {
    return "record-" + offset + "-" + padding;
  }

  /**
   * The partition this traffic goes to.
   *
   * @return the topic-partition
   */
  public TopicPartition partition() {
    return partition;
  }

  /**
   * The name of the partition's directory in a log dir.
   *
   * @return {@code <topic>-<partition>}
   */
  public String partitionDir() {
    return partition.topic() + "-" + partition.partition();
  }

  /**
   * Creates the topic with one partition, retrying while the broker's metadata is not ready.
   *
   * @param configs topic configs
   * @throws Exception when it fails for 60 seconds
   */
  public void createTopic(Map<String, String> configs) throws Exception {
    createTopic(1, configs);
  }

  /**
   * Creates the topic, retrying while the broker's metadata is not ready.
   *
   * @param partitions the number of partitions
   * @param configs topic configs
   * @throws Exception when it fails for 60 seconds
   */
  public void createTopic(int partitions, Map<String, String> configs) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (Admin admin = admin()) {
      while (true) {
        try {
          admin
              .createTopics(List.of(new NewTopic(topic, partitions, (short) 1).configs(configs)))
              .all()
              .get(20, TimeUnit.SECONDS);
          return;
        } catch (Exception e) {
          if (System.nanoTime() > deadline) {
            throw e;
          }
          Thread.sleep(500);
        }
      }
    }
  }

  /**
   * Changes topic configs.
   *
   * @param configs the new values
   * @throws Exception when it fails
   */
  public void alterTopic(Map<String, String> configs) throws Exception {
    List<AlterConfigOp> ops = new ArrayList<>();
    configs.forEach(
        (k, v) -> ops.add(new AlterConfigOp(new ConfigEntry(k, v), AlterConfigOp.OpType.SET)));
    try (Admin admin = admin()) {
      admin
          .incrementalAlterConfigs(
              Map.of(new ConfigResource(ConfigResource.Type.TOPIC, topic), ops))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
  }

  /**
   * Deletes the topic.
   *
   * @throws Exception when it fails
   */
  public void deleteTopic() throws Exception {
    try (Admin admin = admin()) {
      admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    }
  }

  /**
   * The partition's log start offset.
   *
   * @return the earliest offset
   * @throws Exception when it fails
   */
  public long earliestOffset() throws Exception {
    return offset(OffsetSpec.earliest());
  }

  /**
   * The partition's local log start offset: with tiered storage, the offsets below it are read from
   * the remote tier only.
   *
   * @return the earliest offset still in the broker's log dir
   * @throws Exception when it fails
   */
  public long earliestLocalOffset() throws Exception {
    return offset(OffsetSpec.earliestLocal());
  }

  private long offset(OffsetSpec spec) throws Exception {
    try (Admin admin = admin()) {
      return admin
          .listOffsets(Map.of(partition, spec))
          .partitionResult(partition)
          .get(30, TimeUnit.SECONDS)
          .offset();
    }
  }

  /**
   * Produces records {@code from} to {@code to - 1} with acks=all and idempotence, so that each
   * lands at the offset equal to its number.
   *
   * @param from the first record number (the partition's end offset)
   * @param to one past the last
   * @throws Exception when a send fails
   */
  public void produce(long from, long to) throws Exception {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "all");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, "65536");
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000");
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      for (long i = from; i < to; i++) {
        sent.add(
            producer.send(
                new ProducerRecord<>(topic, partition.partition(), Long.toString(i), valueAt(i))));
      }
      producer.flush();
      for (int i = 0; i < sent.size(); i++) {
        RecordMetadata metadata = sent.get(i).get(60, TimeUnit.SECONDS);
        if (metadata.offset() != from + i) {
          throw new AssertionError(
              "record " + (from + i) + " landed at offset " + metadata.offset());
        }
      }
    }
  }

  /**
   * Reads every record from the log start offset to {@code end} and checks each one.
   *
   * @param end one past the last offset expected
   * @return the number of records read (from the log start offset on)
   * @throws Exception when a record is missing, wrong, or reading takes over 90 seconds
   */
  public long consumeAndVerify(long end) throws Exception {
    long start = earliestOffset();
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
    Map<Long, String> wrong = new HashMap<>();
    long next = start;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
      consumer.assign(List.of(partition));
      consumer.seek(partition, start);
      while (next < end) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("read up to offset " + next + " of " + end + " in 90 s");
        }
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
          if (record.offset() != next) {
            throw new AssertionError("expected offset " + next + ", got " + record.offset());
          }
          if (!valueAt(next).equals(record.value())) {
            wrong.put(next, record.value());
          }
          next++;
        }
      }
    }
    if (!wrong.isEmpty()) {
      throw new AssertionError(
          wrong.size() + " records differ, e.g. " + wrong.entrySet().iterator().next());
    }
    return end - start;
  }

  private Admin admin() {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "20000");
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
    return Admin.create(p);
  }
}
