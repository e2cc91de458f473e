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
package dev.mixchannel.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SizesTest {

  @Test
  void shouldParseBinarySuffixesInEitherCase() {
    assertThat(Sizes.parse("512")).isEqualTo(512);
    assertThat(Sizes.parse("4k")).isEqualTo(4096);
    assertThat(Sizes.parse("4M")).isEqualTo(4L << 20);
    assertThat(Sizes.parse(" 2g ")).isEqualTo(2L << 30);
    assertThat(Sizes.parse("1T")).isEqualTo(1L << 40);
    assertThat(Sizes.parse("-1")).isEqualTo(-1);
  }

  @Test
  void shouldRejectGarbageAndOverflow() {
    assertThatThrownBy(() -> Sizes.parse("4x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sizes.parse("-2")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sizes.parse("9999999999999t"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
