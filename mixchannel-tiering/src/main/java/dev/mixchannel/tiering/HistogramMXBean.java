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
package dev.mixchannel.tiering;

/**
 * A distribution MixChannel records (force latency, migration duration and size, policy rounds), as
 * numbers a dashboard can read: {@code dev.mixchannel:type=Histogram,manager=<id>,name=<name>} for
 * the manager's and {@code dev.mixchannel:type=Histogram,manager=<id>,tier=<tier>,name=<name>} for
 * a tier's. The name ends in the unit of every value ({@code force_latency_micros}, {@code
 * migration_duration_millis}, {@code migration_bytes}, {@code policy_round_micros}); the shipped
 * JMX exporter rules turn it into the metric name ({@code mixchannel_force_latency_micros}).
 *
 * <p>{@link #getCount()} counts every value since the manager opened. The percentiles, the mean and
 * the maximum describe the last window: the values recorded between two window ends, a window
 * lasting at least 60 s (a read after it ends starts the next one), so that every scrape within a
 * window sees the same figures. They are 0 when the window recorded nothing. Values are kept to 3
 * significant digits (HdrHistogram). Reading does no I/O.
 */
public interface HistogramMXBean {

  /**
   * Values recorded since the manager opened.
   *
   * @return the count
   */
  long getCount();

  /**
   * Values recorded in the last window.
   *
   * @return the count
   */
  long getWindowCount();

  /**
   * The median of the last window.
   *
   * @return the value, in the unit the name ends in
   */
  long getP50();

  /**
   * The 90th percentile of the last window.
   *
   * @return the value
   */
  long getP90();

  /**
   * The 99th percentile of the last window.
   *
   * @return the value
   */
  long getP99();

  /**
   * The 99.9th percentile of the last window.
   *
   * @return the value
   */
  long getP999();

  /**
   * The largest value of the last window.
   *
   * @return the value
   */
  long getMax();

  /**
   * The mean of the last window.
   *
   * @return the value
   */
  double getMean();
}
