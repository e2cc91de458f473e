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

import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Produce loads of the Kafka benchmark, measured from the client: a throughput load (records sent
 * asynchronously, at most 10,000 unacknowledged) and a latency load (one synchronous send at a
 * time). Each runs a warm-up and then a measured window; every wait is bounded.
 */
public final class ProducerLoad {

  private static final long SEND_TIMEOUT_SECONDS = 60;

  private final String bootstrap;
  private final int recordBytes;
  private final int lingerMillis;
  private final int batchBytes;

  /**
   * A load against one broker.
   *
   * @param bootstrap the bootstrap address
   * @param recordBytes the value size (no key)
   * @param lingerMillis the throughput producer's {@code linger.ms}
   * @param batchBytes the throughput producer's {@code batch.size}
   */
  public ProducerLoad(String bootstrap, int recordBytes, int lingerMillis, int batchBytes) {
    this.bootstrap = bootstrap;
    this.recordBytes = recordBytes;
    this.lingerMillis = lingerMillis;
    this.batchBytes = batchBytes;
  }

  /**
   * Sends to partition 0 of a topic as fast as acknowledgements come back, and counts the value
   * bytes acknowledged inside the measured window.
   *
   * @param topic the topic
   * @param acks {@code 1} or {@code all} (idempotence on with {@code all}, Kafka's default)
   * @param warmupSeconds unmeasured seconds first
   * @param seconds measured seconds, at least 1
   * @return acknowledged value bytes per second in the window, in MB (10^6 bytes)
   * @throws Exception when a send fails
   */
  public double megabytesPerSecond(String topic, String acks, int warmupSeconds, int seconds)
      throws Exception {
    if (seconds < 1) {
      throw new IllegalArgumentException(
          "measured seconds: seconds=" + seconds + ", expected >= 1");
    }
    long acked = acknowledged(topic, acks, warmupSeconds, seconds);
    return acked * (double) recordBytes / seconds / 1e6;
  }

  /**
   * Sends to partition 0 of a topic as fast as acknowledgements come back ({@code acks=1}),
   * measuring nothing: the broker's JIT warms up.
   *
   * @param topic the topic
   * @param seconds how long
   * @throws Exception when a send fails
   */
  public void warmUp(String topic, int seconds) throws Exception {
    acknowledged(topic, "1", seconds, 0);
  }

  /** The records acknowledged in the window that starts after the warm-up. */
  private long acknowledged(String topic, String acks, int warmupSeconds, int seconds)
      throws Exception {
    Properties p = properties(acks);
    p.put(ProducerConfig.LINGER_MS_CONFIG, Integer.toString(lingerMillis));
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(batchBytes));
    byte[] value = new byte[recordBytes];
    AtomicLong acked = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    Semaphore window = new Semaphore(10_000);
    long measureFrom = System.nanoTime() + TimeUnit.SECONDS.toNanos(warmupSeconds);
    long end = measureFrom + TimeUnit.SECONDS.toNanos(seconds);
    try (KafkaProducer<byte[], byte[]> producer = producer(p)) {
      while (System.nanoTime() < end && failure.get() == null) {
        if (!window.tryAcquire(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          throw new IllegalStateException(
              "no acknowledgement in " + SEND_TIMEOUT_SECONDS + " s (topic " + topic + ")");
        }
        producer.send(
            new ProducerRecord<>(topic, 0, null, value),
            (metadata, e) -> {
              window.release();
              long now = System.nanoTime();
              if (e != null) {
                failure.compareAndSet(null, e);
              } else if (now >= measureFrom && now < end) {
                acked.incrementAndGet();
              }
            });
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw failure.get();
    }
    return acked.get();
  }

  /**
   * Sends one record at a time to partition 0 of a topic ({@code acks=all}, {@code linger.ms=0})
   * and records each send's latency, from {@code send} to its acknowledgement. A closed loop: a
   * slow send delays the next one, so the percentiles are of the sends made, not of a fixed rate.
   *
   * @param topic the topic
   * @param warmupSeconds unmeasured seconds first
   * @param seconds measured seconds
   * @return the latencies of the measured sends, in microseconds
   * @throws Exception when a send fails or takes over a minute
   */
  public Histogram latencyMicros(String topic, int warmupSeconds, int seconds) throws Exception {
    Properties p = properties("all");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
    byte[] value = new byte[recordBytes];
    Histogram micros = newHistogram();
    long measureFrom = System.nanoTime() + TimeUnit.SECONDS.toNanos(warmupSeconds);
    long end = measureFrom + TimeUnit.SECONDS.toNanos(seconds);
    try (KafkaProducer<byte[], byte[]> producer = producer(p)) {
      long start = System.nanoTime();
      while (start < end) {
        producer
            .send(new ProducerRecord<>(topic, 0, null, value))
            .get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        long done = System.nanoTime();
        if (start >= measureFrom) {
          record(micros, done - start);
        }
        start = done;
      }
    }
    return micros;
  }

  /**
   * A histogram of microseconds from 1 µs to one minute, 3 significant digits.
   *
   * @return an empty histogram
   */
  static Histogram newHistogram() {
    return new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
  }

  /**
   * Records a duration, clamped into the histogram's range.
   *
   * @param micros the histogram
   * @param nanos the duration
   */
  static void record(Histogram micros, long nanos) {
    long value = Math.max(1, TimeUnit.NANOSECONDS.toMicros(nanos));
    micros.recordValue(Math.min(value, micros.getHighestTrackableValue()));
  }

  private Properties properties(String acks) {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, acks);
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, Boolean.toString("all".equals(acks)));
    p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000");
    return p;
  }

  private static KafkaProducer<byte[], byte[]> producer(Properties p) {
    return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
  }
}
