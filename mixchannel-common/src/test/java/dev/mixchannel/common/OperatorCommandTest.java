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

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

class OperatorCommandTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Command(name = "Echo", description = "Prints its word.")
  static final class Echo extends OperatorCommand {

    @Parameters(index = "0", paramLabel = "<word>", description = "the word")
    private String word;

    Echo(PrintStream out) {
      super(out);
    }

    @Override
    public Integer call() {
      out().println(word);
      return "fail".equals(word) ? CommandLines.PROBLEMS : CommandLines.OK;
    }
  }

  private int echo(String... args) {
    return new Echo(stream(out)).execute(args, stream(err));
  }

  private static PrintStream stream(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, Charset.defaultCharset());
  }

  @Test
  void shouldRunTheCommandAndReturnItsExitCode() {
    assertThat(echo("hello")).isEqualTo(CommandLines.OK);
    assertThat(echo("fail")).isEqualTo(CommandLines.PROBLEMS);
    assertThat(out.toString(Charset.defaultCharset())).isEqualTo(String.format("hello%nfail%n"));
  }

  @Test
  void shouldAddHelpVersionAndTheExitCodeFooterToTheSubclassCommand() {
    assertThat(echo("--help")).isEqualTo(CommandLines.OK);
    assertThat(echo("--version")).isEqualTo(CommandLines.OK);
    assertThat(out.toString(Charset.defaultCharset()))
        .contains("Usage: Echo [-hV] <word>")
        .contains("Prints its word.")
        .contains("Exit codes: 0 ok")
        .contains("Echo " + Version.current());
  }

  @Test
  void shouldExitTwoOnBadUsage() {
    assertThat(echo()).isEqualTo(CommandLines.USAGE);
    assertThat(err.toString(Charset.defaultCharset())).contains("Usage: Echo");
  }
}
