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
package dev.mixchannel.kafka.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's Kafka version check: the tested range, the override, no Kafka at all. */
class KafkaVersionCheckTest {

  @TempDir Path temp;

  @Test
  void shouldAcceptTestedLinesAndRefuseEverythingElse() {
    for (String tested : KafkaVersionCheck.TESTED) {
      assertThat(KafkaVersionCheck.inRange(tested)).as(tested).isTrue();
    }
    assertThat(KafkaVersionCheck.inRange("4.4.7")).isTrue();
    assertThat(KafkaVersionCheck.inRange("4.1.0")).isFalse();
    assertThat(KafkaVersionCheck.inRange("4.0.2")).isFalse();
    assertThat(KafkaVersionCheck.inRange("3.9.1")).isFalse();
    assertThat(KafkaVersionCheck.inRange("4.5.0")).isFalse();
    assertThat(KafkaVersionCheck.inRange("5.0.0")).isFalse();
    assertThat(KafkaVersionCheck.inRange("4.4.0-SNAPSHOT")).isFalse();
    assertThat(KafkaVersionCheck.inRange("4.4")).isFalse();
  }

  @Test
  void shouldRefuseKafkaOutsideRangeUnlessTheSettingNamesIt() throws IOException {
    try (URLClassLoader kafka = kafka("3.9.1")) {
      assertThatThrownBy(() -> KafkaVersionCheck.check(kafka, ""))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("version=3.9.1")
          .hasMessageContaining(AdapterSettings.VERSION_ALLOW + "=3.9.1");
      assertThatThrownBy(() -> KafkaVersionCheck.check(kafka, "3.9.2"))
          .isInstanceOf(IllegalStateException.class);
      assertThat(KafkaVersionCheck.check(kafka, "3.9.1")).isEqualTo("3.9.1");
    }
    try (URLClassLoader kafka = kafka("4.4.0")) {
      assertThat(KafkaVersionCheck.check(kafka, "")).isEqualTo("4.4.0");
    }
  }

  @Test
  void shouldRefuseWhenNoKafkaIsOnTheClassPath() throws IOException {
    try (URLClassLoader none = new URLClassLoader(new URL[0], null)) {
      assertThat(KafkaVersionCheck.find(none)).isEmpty();
      assertThatThrownBy(() -> KafkaVersionCheck.check(none, ""))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("no Kafka on the class path");
    }
  }

  private URLClassLoader kafka(String version) throws IOException {
    Path root = Files.createDirectories(temp.resolve(version));
    Path resource = root.resolve(KafkaVersionCheck.RESOURCE);
    Files.createDirectories(resource.getParent());
    Files.writeString(resource, "commitId=abc\nversion=" + version + "\n");
    return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
  }
}
