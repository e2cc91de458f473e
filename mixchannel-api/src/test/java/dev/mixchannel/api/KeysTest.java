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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeysTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a",
        "topic-0/00000000000000000000.log",
        "topic-0/00000000000000000000.log.deleted",
        "a/b/c",
        "x.mixchannel",
        "dir/.mixchannel.lock"
      })
  void shouldAcceptRelativeKeys(String key) {
    assertThat(Keys.validate(key)).isEqualTo(key);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "/abs",
        "a//b",
        "a/",
        "./a",
        "a/../b",
        "..",
        "a\0b",
        "a\\b",
        "C:x",
        "seg.migrating",
        ".mixchannel.lock"
      })
  void shouldRejectBadKeysNamingThem(String key) {
    assertThatThrownBy(() -> Keys.validate(key))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("invalid key")
        .hasMessageContaining("key='" + key.replace("\0", "\\0") + "'");
  }

  @Test
  void shouldRejectASegmentOver255Bytes() {
    String key = "dir/" + "é".repeat(128);

    assertThatThrownBy(() -> Keys.validate(key)).hasMessageContaining("255");
    assertThat(Keys.validate("dir/" + "a".repeat(255))).isNotNull();
  }

  @Test
  void shouldGiveTheParentDirectory() {
    assertThat(Keys.parent("t-0/00.log")).isEqualTo("t-0");
    assertThat(Keys.parent("top")).isEmpty();
  }
}
