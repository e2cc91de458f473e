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
package dev.mixchannel.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.common.CommandLines;
import dev.mixchannel.common.Version;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Evacuate and QuarantineCommand follow every operator command's conventions (CommandLines). */
class CommandLineStyleTest {

  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int evacuate(String... args) {
    return Evacuate.run(args, stream(out), stream(err));
  }

  private int quarantine(String... args) {
    return QuarantineCommand.run(args, stream(out), stream(err));
  }

  private static PrintStream stream(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, Charset.defaultCharset());
  }

  private String out() {
    return out.toString(Charset.defaultCharset());
  }

  private String err() {
    return err.toString(Charset.defaultCharset());
  }

  @Test
  void shouldPrintTheVersionWhenAskedForIt() {
    assertThat(evacuate("--version")).isEqualTo(CommandLines.OK);
    assertThat(quarantine("--version")).isEqualTo(CommandLines.OK);
    assertThat(out())
        .isEqualTo(
            String.format(
                "Evacuate %s%nQuarantineCommand %s%n", Version.current(), Version.current()));
  }

  @Test
  void shouldPrintUsageAndExitCodesWhenAskedForHelp() {
    assertThat(evacuate("--help")).isEqualTo(CommandLines.OK);
    assertThat(out()).contains("Usage: Evacuate").contains("--log-dirs").contains("Exit codes:");
  }

  @Test
  void shouldExitTwoWhenTheCommandLineIsBad() {
    assertThat(evacuate()).isEqualTo(CommandLines.USAGE);
    assertThat(evacuate("settings.properties", "--no-such-option")).isEqualTo(CommandLines.USAGE);
    assertThat(quarantine("settings.properties", "delete")).isEqualTo(CommandLines.USAGE);
    assertThat(err()).contains("Usage: Evacuate").contains("Usage: QuarantineCommand");
  }

  @Test
  void shouldExitTwoWhenTheSettingsFileIsMissing() {
    String missing = dir.resolve("missing.properties").toString();
    assertThat(evacuate(missing)).isEqualTo(CommandLines.USAGE);
    assertThat(quarantine(missing, "list")).isEqualTo(CommandLines.USAGE);
    assertThat(err()).contains("Evacuate: ").contains("QuarantineCommand: ").contains(missing);
  }
}
