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
package dev.mixchannel.pulsar.it;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableSet;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.pulsar.client.api.Consumer;
import org.apache.pulsar.client.api.Message;
import org.apache.pulsar.client.api.MessageId;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.PulsarClient;
import org.apache.pulsar.client.api.PulsarClientException;
import org.apache.pulsar.client.api.Reader;
import org.apache.pulsar.client.api.SubscriptionInitialPosition;

/**
 * Messages the tests can check one by one: 1 KiB, a sequence number in the first 8 bytes and bytes
 * derived from it in the rest, so that every message read back is checked whole. Producers send
 * without batching (one message, one BookKeeper entry, one acknowledgement).
 */
final class Traffic {

  /** The size of every message. */
  static final int MESSAGE_BYTES = 1024;

  private static final int TIMEOUT_SECONDS = 30;

  private Traffic() {}

  /**
   * A client of a standalone with bounded timeouts.
   *
   * @param serviceUrl the broker
   * @return the client; the caller closes it
   * @throws PulsarClientException when it cannot be built
   */
  static PulsarClient client(String serviceUrl) throws PulsarClientException {
    return PulsarClient.builder()
        .serviceUrl(serviceUrl)
        .operationTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .connectionTimeout(10, TimeUnit.SECONDS)
        .ioThreads(1)
        .listenerThreads(1)
        .build();
  }

  /**
   * A producer without batching whose sends time out after 30 s.
   *
   * @param client the client
   * @param topic the topic
   * @return the producer
   * @throws PulsarClientException when it cannot be created
   */
  static Producer<byte[]> producer(PulsarClient client, String topic) throws PulsarClientException {
    return client
        .newProducer()
        .topic(topic)
        .enableBatching(false)
        .blockIfQueueFull(true)
        .sendTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .create();
  }

  /**
   * The message of a sequence number.
   *
   * @param seq the number
   * @return its 1 KiB
   */
  static byte[] payload(long seq) {
    byte[] bytes = new byte[MESSAGE_BYTES];
    new Random(seq).nextBytes(bytes);
    ByteBuffer.wrap(bytes).putLong(seq);
    return bytes;
  }

  /**
   * Checks a message read back and returns its sequence number.
   *
   * @param value the message's value
   * @return its sequence number
   * @throws AssertionError when any byte differs from what was sent
   */
  static long check(byte[] value) {
    if (value.length != MESSAGE_BYTES) {
      throw new AssertionError("message of a wrong size: bytes=" + value.length);
    }
    long seq = ByteBuffer.wrap(value).getLong();
    if (!Arrays.equals(value, payload(seq))) {
      throw new AssertionError("message corrupt: seq=" + seq);
    }
    return seq;
  }

  /**
   * Sends messages one at a time, each acknowledged before the next is sent (a synchronous send),
   * and records each send's latency, from the call to its acknowledgement, in microseconds.
   *
   * @param producer the producer
   * @param firstSeq the first sequence number
   * @param count how many
   * @param latencyMicros where the latencies go, or {@code null}
   * @throws PulsarClientException when a send fails
   */
  static void send(Producer<byte[]> producer, long firstSeq, int count, Histogram latencyMicros)
      throws PulsarClientException {
    for (long seq = firstSeq; seq < firstSeq + count; seq++) {
      byte[] value = payload(seq);
      long start = System.nanoTime();
      producer.send(value);
      if (latencyMicros != null) {
        latencyMicros.recordValue((System.nanoTime() - start) / 1000);
      }
    }
  }

  /**
   * Sends messages with up to 32 in flight until {@code ackedBeforeKill} are acknowledged, then
   * kills the standalone with SIGKILL while sends are still in flight, and shuts the client down,
   * which fails the sends left: what was acknowledged before then is final.
   *
   * @param client the client (shut down on return; closing it again does nothing)
   * @param topic the topic
   * @param firstSeq the first sequence number
   * @param ackedBeforeKill how many acknowledgements to wait for
   * @param standalone the standalone to kill
   * @return the acknowledged sequence numbers and the next number that was not sent
   * @throws Exception when sends stall or fail before the kill
   */
  static Killed sendUntilKilled(
      PulsarClient client,
      String topic,
      long firstSeq,
      int ackedBeforeKill,
      StandaloneProcess standalone)
      throws Exception {
    NavigableSet<Long> acked = new ConcurrentSkipListSet<>();
    List<Throwable> failures = new ArrayList<>();
    Semaphore window = new Semaphore(32);
    long seq = firstSeq;
    Producer<byte[]> producer = producer(client, topic);
    while (acked.size() < ackedBeforeKill) {
      if (!window.tryAcquire(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException("sends stalled: acked=" + acked.size());
      }
      synchronized (failures) {
        if (!failures.isEmpty()) {
          throw new IOException("a send failed before the kill", failures.get(0));
        }
      }
      long sent = seq++;
      producer
          .sendAsync(payload(sent))
          .whenComplete(
              (id, error) -> {
                if (error == null) {
                  acked.add(sent);
                } else {
                  synchronized (failures) {
                    failures.add(error);
                  }
                }
                window.release();
              });
    }
    standalone.kill();
    // Fails the sends still pending; an acknowledgement that arrived before the kill still counts.
    client.shutdown();
    return new Killed(new ConcurrentSkipListSet<>(acked), seq);
  }

  /**
   * Subscribes from the earliest message and receives {@code count} messages, checking each and
   * acknowledging it.
   *
   * @param client the client
   * @param topic the topic
   * @param subscription the subscription's name
   * @param count how many to receive
   * @return their sequence numbers, in the order received
   * @throws Exception when a message does not come in time
   */
  static List<Long> consume(PulsarClient client, String topic, String subscription, int count)
      throws Exception {
    List<Long> seqs = new ArrayList<>();
    try (Consumer<byte[]> consumer =
        client
            .newConsumer()
            .topic(topic)
            .subscriptionName(subscription)
            .subscriptionInitialPosition(SubscriptionInitialPosition.Earliest)
            .subscribe()) {
      while (seqs.size() < count) {
        Message<byte[]> message = consumer.receive(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (message == null) {
          throw new IOException("no message in " + TIMEOUT_SECONDS + " s: received=" + seqs.size());
        }
        seqs.add(check(message.getValue()));
        consumer.acknowledge(message);
      }
    }
    return seqs;
  }

  /**
   * Reads a topic from its earliest message to its last, checking each message.
   *
   * @param client the client
   * @param topic the topic
   * @return the sequence numbers, in topic order
   * @throws Exception when a message does not come in time
   */
  static List<Long> readAll(PulsarClient client, String topic) throws Exception {
    List<Long> seqs = new ArrayList<>();
    try (Reader<byte[]> reader =
        client.newReader().topic(topic).startMessageId(MessageId.earliest).create()) {
      while (reader.hasMessageAvailable()) {
        Message<byte[]> message = reader.readNext(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (message == null) {
          throw new IOException("no message in " + TIMEOUT_SECONDS + " s: read=" + seqs.size());
        }
        seqs.add(check(message.getValue()));
      }
    }
    return seqs;
  }

  /**
   * What was sent before a kill.
   *
   * @param acked the acknowledged sequence numbers
   * @param nextSeq the first number that was not sent
   */
  record Killed(NavigableSet<Long> acked, long nextSeq) {}
}
