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
package dev.mixchannel.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.InvalidConfigException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PrefixedSettingsTest {

  private static final List<String> KNOWN = List.of("x.a.ms", "x.b");

  @Test
  void shouldSplitTheAdapterKeysFromTheOthers() {
    Properties properties = new Properties();
    properties.setProperty("x.a.ms", "5");
    properties.setProperty("mixchannel.tiers", "fast");
    properties.setProperty("log.dirs", "/data");
    PrefixedSettings settings = PrefixedSettings.of(properties, "x.", KNOWN);
    assertThat(settings.others().stringPropertyNames())
        .containsExactlyInAnyOrder("mixchannel.tiers", "log.dirs");
    assertThat(settings.value("x.a.ms")).contains("5");
    assertThat(settings.value("x.b")).isEqualTo(Optional.empty());
    assertThat(settings.millis("x.a.ms", 7)).isEqualTo(5);
    assertThat(settings.millis("x.b", 7)).isEqualTo(7);
    assertThat(settings.bool("x.b")).isFalse();
  }

  @Test
  void shouldRefuseAnUnknownAdapterKeyNamingTheKnownOnes() {
    assertThatThrownBy(() -> PrefixedSettings.of(Map.of("x.c", "1"), "x.", KNOWN))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("x.c")
        .hasMessageContaining("a known key (x.a.ms, x.b)");
  }

  @Test
  void shouldRefuseBadValues() {
    PrefixedSettings settings =
        PrefixedSettings.of(Map.of("x.a.ms", "-1", "x.b", "yes"), "x.", KNOWN);
    assertThatThrownBy(() -> settings.millis("x.a.ms", 0))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("milliseconds >= 0");
    assertThatThrownBy(() -> settings.bool("x.b"))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("true or false");
    assertThat(PrefixedSettings.of(Map.of("x.b", " TRUE "), "x.", KNOWN).bool("x.b")).isTrue();
  }
}
