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

import dev.mixchannel.common.OperatorCommand;
import dev.mixchannel.kafka.internal.AdapterSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/**
 * A command of the agent run with the broker stopped ({@link Evacuate}, {@link QuarantineCommand}):
 * its first parameter is the agent's settings file. One object runs one command line; not
 * thread-safe.
 */
abstract class AgentCommand extends OperatorCommand {

  @Parameters(
      index = "0",
      paramLabel = "<settings>",
      description = "the agent's settings file (mixchannel.properties or server.properties)")
  private Path settingsFile;

  /**
   * Creates the command.
   *
   * @param out where the command's results, help and the version go
   */
  AgentCommand(PrintStream out) {
    super(out);
  }

  /**
   * The settings file, as the command line names it.
   *
   * @return the file
   */
  final Path settingsFile() {
    return settingsFile;
  }

  /**
   * Reads and validates the settings file.
   *
   * @return the settings
   * @throws IOException when the file cannot be read ({@link java.nio.file.NoSuchFileException}
   *     when it does not exist)
   */
  final AdapterSettings settings() throws IOException {
    return AdapterSettings.load(settingsFile);
  }
}
