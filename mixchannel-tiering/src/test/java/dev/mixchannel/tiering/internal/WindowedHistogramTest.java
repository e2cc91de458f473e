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

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WindowedHistogramTest {

  private final AtomicLong now = new AtomicLong(1_000);
  private final WindowedHistogram histogram = new WindowedHistogram(now::get, 60);

  @Test
  void shouldReportZerosWhenNothingWasRecorded() {
    assertThat(histogram.getCount()).isZero();
    assertThat(histogram.getP99()).isZero();
    assertThat(histogram.getMax()).isZero();
    assertThat(histogram.getMean()).isZero();
  }

  @Test
  void shouldReportTheLastWindowAndKeepItUntilTheWindowEnds() {
    for (int v = 1; v <= 100; v++) {
      histogram.record(v * 10L);
    }
    assertThat(histogram.getWindowCount()).isEqualTo(100);
    assertThat(histogram.getP50()).isEqualTo(500);
    assertThat(histogram.getP90()).isEqualTo(900);
    assertThat(histogram.getP99()).isEqualTo(990);
    assertThat(histogram.getMax()).isEqualTo(1000);
    assertThat(histogram.getMean()).isEqualTo(505.0);

    histogram.record(2_000);
    now.addAndGet(59);
    assertThat(histogram.getMax()).as("same window").isEqualTo(1000);
    now.addAndGet(1);
    assertThat(histogram.getMax()).as("next window").isEqualTo(2000);
    assertThat(histogram.getWindowCount()).isEqualTo(1);
    assertThat(histogram.getCount()).as("since start").isEqualTo(101);
    now.addAndGet(60);
    assertThat(histogram.getWindowCount()).as("an empty window").isZero();
    assertThat(histogram.getP99()).isZero();
  }

  @Test
  void shouldCountANegativeValueAsZero() {
    histogram.record(-5);
    assertThat(histogram.getMax()).isZero();
    assertThat(histogram.getWindowCount()).isEqualTo(1);
  }
}
