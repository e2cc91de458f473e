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
package dev.mixchannel.benchmarks;

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.MixChannelStats;
import dev.mixchannel.tiering.TierManager;
import dev.mixchannel.tiering.TierStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One run of the burst scenario: the tiered configuration (PMem over the modelled HDD, migration
 * on) or the baseline (the modelled HDD alone). A sampler thread records the timeline and prints a
 * progress line; the producer runs on the caller's thread.
 */
final class BurstRun {

  /**
   * One timeline sample.
   *
   * @param run the run's name
   * @param seconds time since the first burst began (negative during the pre-fill)
   * @param phase {@code prefill}, {@code burst n} or {@code gap n}
   * @param writtenBytes bytes appended so far
   * @param mbPerSecond producer throughput over the interval, MB/s
   * @param hotUsedBytes the PMem tier's used bytes (0 without one)
   * @param hotCapacityBytes the PMem tier's capacity (0 without one)
   * @param coldUsedBytes the cold tier's used bytes
   * @param migrationMbPerSecond bytes migrated over the interval, MB/s
   * @param coldDeviceMbPerSecond bytes through the modelled HDD over the interval, MB/s
   * @param spills writes that found the PMem tier full so far
   */
  record Sample(
      String run,
      double seconds,
      String phase,
      long writtenBytes,
      double mbPerSecond,
      long hotUsedBytes,
      long hotCapacityBytes,
      long coldUsedBytes,
      double migrationMbPerSecond,
      double coldDeviceMbPerSecond,
      long spills) {}

  /**
   * One burst (or the pre-fill, index 0).
   *
   * @param run the run's name
   * @param index 1.. for bursts, 0 for the pre-fill
   * @param bytes bytes appended
   * @param seconds how long it took
   */
  record Burst(String run, int index, long bytes, double seconds) {
    double mbPerSecond() {
      return bytes / seconds / 1e6;
    }
  }

  final String name;
  final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
  final List<Burst> bursts = new ArrayList<>();
  Burst prefill;

  private final BurstOptions options;
  private final boolean tiered;
  private volatile String phase = "start";
  private long startNanos;

  private BurstRun(String name, BurstOptions options, boolean tiered) {
    this.name = name;
    this.options = options;
    this.tiered = tiered;
  }

  /** Runs the tiered configuration or the baseline and returns its record. */
  static BurstRun run(BurstOptions options, boolean tiered) throws IOException {
    BurstRun run = new BurstRun(tiered ? "tiered" : "cold only", options, tiered);
    run.execute();
    return run;
  }

  private MixChannelConfig config(Path hot, Path cold) {
    MixChannelConfig.Builder b = MixChannelConfig.builder();
    if (tiered) {
      b.tier("pmem", TierKind.PMEM, options.capacityBytes, hot)
          .migrationThreshold(options.threshold)
          .pmemPretouch(true);
    } else {
      b.migrationThreshold(-1);
    }
    return b.tier("cold", TierKind.HDD, -1, cold).build();
  }

  private void execute() throws IOException {
    Path hot = BenchDirs.fresh(options.hotDir);
    Path cold = BenchDirs.fresh(options.coldDir);
    Throttle throttle = new Throttle(options.coldBytesPerSecond);
    ScheduledExecutorService sampler =
        Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "bench-sampler"));
    try {
      MixChannelConfig config = config(hot, cold);
      if (tiered) {
        BenchTiers.pretouch(config);
      }
      try (TierManager manager =
              TierManager.builder(config)
                  .tierWrapper(t -> t.kind() == TierKind.PMEM ? t : new ThrottledTier(t, throttle))
                  .build();
          BurstLog log = new BurstLog(manager, "log", options.segmentBytes, options.recordBytes)) {
        warmUp(manager);
        startNanos = System.nanoTime();
        Sampler s = new Sampler(manager, log, throttle);
        sampler.scheduleAtFixedRate(
            s::sample, options.sampleMillis, options.sampleMillis, TimeUnit.MILLISECONDS);
        if (tiered && options.prefillBytes > 0) {
          phase = "prefill";
          prefill = new Burst(name, 0, options.prefillBytes, timed(log, options.prefillBytes));
        }
        double firstBurstSeconds = (System.nanoTime() - startNanos) / 1e9;
        for (int i = 1; i <= options.bursts; i++) {
          phase = "burst " + i;
          bursts.add(new Burst(name, i, options.burstBytes, timed(log, options.burstBytes)));
          phase = "gap " + i;
          sleep(options.gapMillis);
        }
        sampler.shutdown();
        sampler.awaitTermination(10, TimeUnit.SECONDS);
        s.sample();
        if (System.console() != null) {
          System.out.println();
        }
        shift(firstBurstSeconds);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("burst run interrupted: run=" + name, e);
    } finally {
      sampler.shutdownNow();
      BenchDirs.deleteTree(hot);
      BenchDirs.deleteTree(cold);
    }
  }

  /**
   * Compiles the append path and maps the PMem pool's pages into this process before anything is
   * measured: one key written through most of the PMem tier (it is the newest key of its directory,
   * so the policy never demotes it), then deleted. A pool that a previous process pre-touched has
   * its pages in memory, but this process's mapping has no page-table entries for them yet, and the
   * first write to each 4 KiB page takes a minor fault: measured here, that halves the speed of a
   * first pass. In the cold-only run, two segments' worth (compilation only).
   */
  private void warmUp(TierManager manager) throws IOException {
    phase = "warm-up";
    long bytes =
        tiered ? options.capacityBytes - 2 * options.segmentBytes : 2 * options.segmentBytes;
    ByteBuffer record = Records.direct(1 << 20);
    try (MixChannel warm = manager.open("warmup/warm.log", CREATE_NEW, WRITE)) {
      for (long at = 0; at < bytes; at += record.capacity()) {
        record.clear();
        while (record.hasRemaining()) {
          warm.write(record, at + record.position());
        }
      }
    }
    manager.delete("warmup/warm.log");
  }

  /** Makes the time axis start at the first burst. */
  private void shift(double seconds) {
    List<Sample> shifted = new ArrayList<>();
    for (Sample x : samples) {
      shifted.add(
          new Sample(
              x.run(),
              x.seconds() - seconds,
              x.phase(),
              x.writtenBytes(),
              x.mbPerSecond(),
              x.hotUsedBytes(),
              x.hotCapacityBytes(),
              x.coldUsedBytes(),
              x.migrationMbPerSecond(),
              x.coldDeviceMbPerSecond(),
              x.spills()));
    }
    samples.clear();
    samples.addAll(shifted);
  }

  private static double timed(BurstLog log, long bytes) throws IOException {
    long t0 = System.nanoTime();
    log.append(bytes);
    return (System.nanoTime() - t0) / 1e9;
  }

  private static void sleep(long millis) throws InterruptedException {
    Thread.sleep(millis);
  }

  /** Takes the samples; runs on the sampler thread. */
  private final class Sampler {
    private final TierManager manager;
    private final BurstLog log;
    private final Throttle throttle;
    private long lastNanos = System.nanoTime();
    private long lastWritten;
    private long lastMigrated;
    private long lastDevice;

    Sampler(TierManager manager, BurstLog log, Throttle throttle) {
      this.manager = manager;
      this.log = log;
      this.throttle = throttle;
    }

    synchronized void sample() {
      long now = System.nanoTime();
      double dt = Math.max(1e-9, (now - lastNanos) / 1e9);
      MixChannelStats stats = manager.stats();
      TierStats coldStats = stats.tier("cold");
      long hotUsed = tiered ? stats.tier("pmem").usedBytes() : 0;
      long hotCapacity = tiered ? stats.tier("pmem").capacityBytes() : 0;
      long written = log.writtenBytes();
      long migrated = stats.bytesMigrated();
      long device = throttle.bytes();
      Sample sample =
          new Sample(
              name,
              (now - startNanos) / 1e9,
              phase,
              written,
              (written - lastWritten) / dt / 1e6,
              hotUsed,
              hotCapacity,
              coldStats.usedBytes(),
              (migrated - lastMigrated) / dt / 1e6,
              (device - lastDevice) / dt / 1e6,
              stats.spills());
      samples.add(sample);
      lastNanos = now;
      lastWritten = written;
      lastMigrated = migrated;
      lastDevice = device;
      progress(sample);
    }

    private void progress(Sample s) {
      String line =
          String.format(
              Locale.ROOT,
              "%-9s %6.1fs %-8s wrote %6.2f GiB %8.1f MB/s | pmem %s | cold %6.2f GiB |"
                  + " migrating %6.1f MB/s | %s",
              name,
              s.seconds(),
              s.phase(),
              s.writtenBytes() / (double) (1L << 30),
              s.mbPerSecond(),
              tiered
                  ? String.format(
                      Locale.ROOT,
                      "%3.0f%% (threshold %.0f%%)",
                      100.0 * s.hotUsedBytes() / s.hotCapacityBytes(),
                      100 * options.threshold)
                  : "none",
              s.coldUsedBytes() / (double) (1L << 30),
              s.migrationMbPerSecond(),
              options.coldLabel());
      if (System.console() != null) {
        System.out.print("\r" + line);
        System.out.flush();
      } else {
        System.out.println(line);
      }
    }
  }
}
