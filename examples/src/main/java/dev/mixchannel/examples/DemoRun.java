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
package dev.mixchannel.examples;

import dev.mixchannel.pmem.PmemBackends;
import dev.mixchannel.tiering.MixChannelStats;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** One run of the demo: sets up the storage, runs producer, consumer and monitor, reports. */
final class DemoRun {

  /** How long to wait for the consumer, the producer and the chart beyond the plan. */
  private static final long GRACE_MILLIS = TimeUnit.MINUTES.toMillis(2);

  private final DemoSettings settings;
  private final PrintWriter out;

  DemoRun(DemoSettings settings, PrintWriter out) {
    this.settings = settings;
    this.out = out;
  }

  /**
   * Runs the demo.
   *
   * @return the exit code: 0 when every record came back intact, 1 otherwise
   * @throws IOException when the storage fails
   * @throws InterruptedException when interrupted
   */
  int run() throws IOException, InterruptedException {
    long startNanos = System.nanoTime();
    DemoStorage storage = DemoStorage.create(settings);
    // Ctrl-C mid-run: still remove the directories, or a pool on tmpfs keeps holding RAM.
    Thread cleanup = new Thread(() -> quietlyClose(storage), "demo-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try {
      printHeader(storage);
      DemoReport report = runLog(storage, startNanos);
      storage.close();
      Summary.print(report, settings, storage, out);
      return report.intact() ? 0 : 1;
    } finally {
      Runtime.getRuntime().removeShutdownHook(cleanup);
      storage.close();
    }
  }

  private static void quietlyClose(DemoStorage storage) {
    try {
      storage.close();
    } catch (IOException | RuntimeException e) {
      System.err.println("demo: could not remove its directories: " + e);
    }
  }

  private void printHeader(DemoStorage storage) {
    String backend =
        PmemBackends.isLlplSupported()
            ? "LLPL (libpmem)"
            : "pure JDK (LLPL unavailable: " + PmemBackends.llplUnsupportedReason() + ")";
    out.printf(
        Locale.ROOT,
        "MixChannel demo: %s of records in bursts of %s, segments of %s, for %d s%n",
        "an append log",
        Units.size(settings.burstBytes()),
        Units.size(settings.segmentBytes()),
        settings.duration().toSeconds());
    out.printf(
        Locale.ROOT,
        "  pmem tier  %s at %s, backend %s%n",
        Units.size(settings.capacityBytes()),
        storage.pmemDir(),
        backend);
    out.printf(Locale.ROOT, "  disk tier  %s%n", storage.diskDir().toAbsolutePath());
    out.printf(
        Locale.ROOT,
        "  policy     %s%n",
        settings.threshold() < 0
            ? "migration off (threshold -1): once the PMem tier is full, new segments go to disk"
            : String.format(
                Locale.ROOT,
                "keep the PMem tier at %.0f%% or less; sealed segments above it move to disk",
                settings.threshold() * 100));
    out.flush();
  }

  private DemoReport runLog(DemoStorage storage, long startNanos)
      throws IOException, InterruptedException {
    try (TierManager manager = TierManager.open(storage.config());
        SegmentedLog log = new SegmentedLog(manager, "demo-0", settings.segmentBytes())) {
      Consumer consumer = new Consumer(log);
      Producer producer = new Producer(log, settings, consumer::position);
      Thread producerThread = new Thread(producer, "demo-producer");
      Thread consumerThread = new Thread(consumer, "demo-consumer");
      Monitor monitor =
          new Monitor(
              elapsedNanos -> Sample.of(elapsedNanos, manager.stats(), producer, consumer),
              out,
              System.console() != null,
              settings.threshold());
      monitor.start();
      producerThread.start();
      consumerThread.start();
      long planMillis = settings.duration().toMillis();
      producerThread.join(planMillis + GRACE_MILLIS);
      consumer.finishAt(log.endOffset());
      consumerThread.join(GRACE_MILLIS);
      boolean stuck = producerThread.isAlive() || consumerThread.isAlive();
      if (stuck) {
        producerThread.interrupt();
        consumerThread.interrupt();
      }
      monitor.close();
      long runNanos = System.nanoTime() - startNanos;
      Consumer replay = replay(log);
      MixChannelStats stats = manager.stats();
      List<Sample> samples = monitor.samples();
      String chart = chart(samples);
      return new DemoReport(
          runNanos,
          producer.records(),
          producer.bytes(),
          producer.bursts(),
          producer.burstNanos(),
          producer.segmentsDeleted(),
          consumer.records(),
          consumer.checksumFailures(),
          replay.records(),
          replay.bytes(),
          replay.checksumFailures(),
          stats,
          chart,
          stuck ? "producer or consumer did not finish in time" : failure(producer, consumer));
    }
  }

  /** Reads the whole log again from its start, checking every record. */
  private static Consumer replay(SegmentedLog log) throws IOException, InterruptedException {
    Consumer replay = new Consumer(log);
    replay.finishAt(log.endOffset());
    replay.work();
    return replay;
  }

  private String chart(List<Sample> samples) {
    try {
      OccupancyChart.write(samples, settings.threshold(), settings.chart());
      return settings.chart().toAbsolutePath().toString();
    } catch (IOException | RuntimeException | LinkageError e) {
      // A JVM without fonts or AWT cannot draw; the demo's result does not depend on the chart.
      return "not written: " + e;
    }
  }

  private static String failure(Producer producer, Consumer consumer) {
    if (producer.failure() != null) {
      return "producer failed: " + producer.failure();
    }
    if (consumer.failure() != null) {
      return "consumer failed: " + consumer.failure();
    }
    return null;
  }
}
