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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class ConvertersTest {

  @Test
  void shouldParseSizesWithBinarySuffixes() {
    Converters.Size size = new Converters.Size();
    assertThat(size.convert("256m")).isEqualTo(256L << 20);
    assertThat(size.convert("1G")).isEqualTo(1L << 30);
    assertThat(size.convert("64MiB")).isEqualTo(64L << 20);
    assertThat(size.convert("4096")).isEqualTo(4096L);
    assertThatThrownBy(() -> size.convert("lots")).isInstanceOf(TypeConversionException.class);
  }

  @Test
  void shouldParseDurationsInSecondsMinutesOrMillis() {
    Converters.Time time = new Converters.Time();
    assertThat(time.convert("20s")).isEqualTo(Duration.ofSeconds(20));
    assertThat(time.convert("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(time.convert("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(time.convert("30")).isEqualTo(Duration.ofSeconds(30));
    assertThatThrownBy(() -> time.convert("1h")).isInstanceOf(TypeConversionException.class);
  }
}
