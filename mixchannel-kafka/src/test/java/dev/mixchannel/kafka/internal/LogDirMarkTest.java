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
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log-dir mark in {@code meta.properties}: only the version changes, and back. */
class LogDirMarkTest {

  private static final String V1 =
      "#\n#Tue Dec 01 22:49:55 UTC 2026\nnode.id=1\ndirectory.id=q-UuI1UbiAIseWvAyvwP3g\n"
          + "version=1\ncluster.id=PUuEFvOaSUWGXFrwVv7l_A\n";

  @TempDir Path logDir;

  @Test
  void shouldChangeOnlyTheVersionWhenMarkingAndRestoreTheFileWhenUnmarking() throws IOException {
    Path meta = Files.writeString(logDir.resolve(LogDirs.META_PROPERTIES), V1);

    assertThat(LogDirMark.mark(logDir)).isTrue();
    assertThat(LogDirMark.isMarked(logDir)).isTrue();
    Properties marked = load(meta);
    assertThat(marked.getProperty("version")).isEqualTo("mixchannel-1");
    assertThat(marked.getProperty("directory.id")).isEqualTo("q-UuI1UbiAIseWvAyvwP3g");
    assertThat(marked).hasSize(4);
    assertThat(Files.readString(meta)).contains(LogDirMark.COMMENT);
    assertThat(LogDirMark.mark(logDir)).as("marked already").isFalse();

    assertThat(LogDirMark.unmark(logDir)).isTrue();
    assertThat(meta).hasContent(V1);
    assertThat(LogDirMark.isMarked(logDir)).isFalse();
    assertThat(LogDirMark.unmark(logDir)).isFalse();
    assertThat(logDir.resolve("meta.properties.mixchannel-tmp")).doesNotExist();
  }

  @Test
  void shouldMarkVersionZeroFileWithoutVersionLine() throws IOException {
    Path meta = Files.writeString(logDir.resolve(LogDirs.META_PROPERTIES), "broker.id=1\n");

    LogDirMark.mark(logDir);
    assertThat(load(meta).getProperty("version")).isEqualTo("mixchannel-0");
    LogDirMark.unmark(logDir);
    assertThat(load(meta).getProperty("version")).isEqualTo("0");
    assertThat(load(meta).getProperty("broker.id")).isEqualTo("1");
  }

  @Test
  void shouldReadMarksAndNothingElseAsMarks() {
    assertThat(LogDirMark.unmarked("mixchannel-1")).isEqualTo("1");
    assertThat(LogDirMark.unmarked(" mixchannel-0 ")).isEqualTo("0");
    assertThat(LogDirMark.unmarked("1")).isNull();
    assertThat(LogDirMark.unmarked("mixchannel-")).isNull();
    assertThat(LogDirMark.unmarked("mixchannel-1x")).isNull();
    assertThat(LogDirMark.unmarked(null)).isNull();
  }

  @Test
  void shouldRefuseToMarkUnformattedLogDir() {
    assertThatThrownBy(() -> LogDirMark.mark(logDir)).isInstanceOf(NoSuchFileException.class);
  }

  private static Properties load(Path meta) throws IOException {
    Properties properties = new Properties();
    properties.load(new StringReader(Files.readString(meta)));
    return properties;
  }
}
