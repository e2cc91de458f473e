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

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatusLineTest {

  @Test
  void shouldFitEightyColumnsWhenEveryFieldIsLarge() {
    Sample s =
        new Sample(
            3_599_000_000_000L,
            900L << 20,
            1L << 30,
            40,
            999L << 30,
            9999,
            12345,
            6789,
            3,
            5000L << 30,
            5000L << 30,
            123);
    String line = StatusLine.format(s, 0.5);
    assertThat(line.length()).isLessThanOrEqualTo(StatusLine.WIDTH);
    assertThat(line)
        .startsWith(" 3599s  pmem [#####|####-]  88%  disk 999.00 GiB  moved 19134")
        .matches("\\p{ASCII}+");
  }

  @Test
  void shouldShowOccupancyAndThresholdWhenDrawingTheBar() {
    assertThat(StatusLine.bar(0, 0.5)).isEqualTo("[-----|-----]");
    assertThat(StatusLine.bar(1, 0.5)).isEqualTo("[#####|#####]");
    assertThat(StatusLine.bar(0.3, -1)).isEqualTo("[###-------]");
    assertThat(StatusLine.bar(0.2, 1)).isEqualTo("[##--------|]");
  }
}
