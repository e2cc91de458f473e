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
package dev.mixchannel.bookkeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.common.CommandLines;
import dev.mixchannel.common.Version;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bookie's Evacuate follows every operator command's conventions (CommandLines). */
class CommandLineStyleTest {

  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int evacuate(String... args) {
    return Evacuate.run(
        args,
        new PrintStream(out, true, Charset.defaultCharset()),
        new PrintStream(err, true, Charset.defaultCharset()));
  }

  @Test
  void shouldPrintTheVersionAndHelpWhenAskedForThem() {
    assertThat(evacuate("--version")).isEqualTo(CommandLines.OK);
    assertThat(evacuate("--help")).isEqualTo(CommandLines.OK);
    assertThat(out.toString(Charset.defaultCharset()))
        .startsWith("Evacuate " + Version.current())
        .contains("Usage: Evacuate")
        .contains("--quarantine-to")
        .contains("Exit codes:");
  }

  @Test
  void shouldExitTwoWhenTheCommandLineOrTheFileIsBad() {
    assertThat(evacuate()).isEqualTo(CommandLines.USAGE);
    assertThat(evacuate("bk_server.conf", "--quarantine")).isEqualTo(CommandLines.USAGE);
    String missing = dir.resolve("missing.conf").toString();
    assertThat(evacuate(missing)).isEqualTo(CommandLines.USAGE);
    assertThat(err.toString(Charset.defaultCharset()))
        .contains("Usage: Evacuate")
        .contains("Evacuate: no such file or key: " + missing);
  }
}
