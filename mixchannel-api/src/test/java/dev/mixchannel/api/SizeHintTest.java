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

import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SizeHintTest {

  @Test
  void shouldFindTheHintAmongOptions() {
    Set<OpenOption> options = Set.of(StandardOpenOption.WRITE, SizeHint.of(42));

    assertThat(SizeHint.in(options)).isEqualTo(SizeHint.of(42));
    assertThat(SizeHint.in(Set.of(StandardOpenOption.READ))).isEqualTo(SizeHint.NONE);
  }

  @Test
  void shouldRejectNegativeAndConflictingHints() {
    assertThatThrownBy(() -> SizeHint.of(-1)).hasMessageContaining("bytes=-1");
    assertThatThrownBy(() -> SizeHint.in(Set.of(SizeHint.of(1), SizeHint.preallocate(1))))
        .hasMessageContaining("conflicting size hints");
  }
}
