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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.tiering.HistogramMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A recorder object: values are recorded without a lock (HdrHistogram's {@link Recorder}, writers
 * never wait for a reader), and read as the figures of the last window ({@link HistogramMXBean}).
 * Thread-safe; recording allocates nothing.
 */
final class WindowedHistogram implements HistogramMXBean {

  /** How long a window lasts at least. */
  static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(60);

  private static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
  private final LongAdder count = new LongAdder();
  private final LongSupplier nanoClock;
  private final long windowNanos;
  private Histogram window;
  private long windowEndNanos;

  /** A histogram with windows of {@link #WINDOW_NANOS} on {@link System#nanoTime}. */
  WindowedHistogram() {
    this(System::nanoTime, WINDOW_NANOS);
  }

  WindowedHistogram(LongSupplier nanoClock, long windowNanos) {
    this.nanoClock = nanoClock;
    this.windowNanos = windowNanos;
    this.windowEndNanos = nanoClock.getAsLong();
  }

  /**
   * Records a value; a negative one counts as 0 (a clock that stepped back).
   *
   * @param value the value, in the unit of the histogram's name
   */
  void record(long value) {
    recorder.recordValue(Math.max(0, value));
    count.increment();
  }

  /**
   * Records the time since {@code startNanos} in microseconds.
   *
   * @param startNanos a {@link System#nanoTime} reading
   */
  void recordMicrosSince(long startNanos) {
    record((System.nanoTime() - startNanos) / 1_000);
  }

  /** The last window; the caller holds this object's lock (the next window reuses it). */
  private Histogram window() {
    long now = nanoClock.getAsLong();
    if (window == null || now - windowEndNanos >= windowNanos) {
      window = recorder.getIntervalHistogram(window);
      windowEndNanos = now;
    }
    return window;
  }

  private synchronized long read(ToLongFunction<Histogram> figure) {
    Histogram h = window();
    return h.getTotalCount() == 0 ? 0 : figure.applyAsLong(h);
  }

  @Override
  public long getCount() {
    return count.sum();
  }

  @Override
  public long getWindowCount() {
    return read(Histogram::getTotalCount);
  }

  @Override
  public long getP50() {
    return read(h -> h.getValueAtPercentile(50));
  }

  @Override
  public long getP90() {
    return read(h -> h.getValueAtPercentile(90));
  }

  @Override
  public long getP99() {
    return read(h -> h.getValueAtPercentile(99));
  }

  @Override
  public long getP999() {
    return read(h -> h.getValueAtPercentile(99.9));
  }

  @Override
  public long getMax() {
    return read(Histogram::getMaxValue);
  }

  @Override
  public synchronized double getMean() {
    Histogram h = window();
    return h.getTotalCount() == 0 ? 0 : h.getMean();
  }
}
