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

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * The base of a standalone operator command, one with its own {@code main} (the Kafka adapter's
 * {@code Evacuate} and {@code QuarantineCommand}, the bookie's {@code Evacuate}): the {@code
 * --help} and {@code --version} options and the exit-code footer every such command has, the stream
 * its results go to, and running it with the conventions of {@link CommandLines}. picocli reads
 * this class's {@code @Command} attributes before the subclass's, which adds its name, its
 * description, its options and {@link #call()}.
 *
 * <p>One object runs one command line; not thread-safe.
 */
@Command(
    mixinStandardHelpOptions = true,
    versionProvider = CommandLines.VersionProvider.class,
    footer = {"", CommandLines.EXIT_CODES})
public abstract class OperatorCommand implements Callable<Integer> {

  private final PrintStream out;

  /**
   * Creates the command.
   *
   * @param out where the command's results, help and the version go; not closed
   */
  protected OperatorCommand(PrintStream out) {
    this.out = out;
  }

  /**
   * Where the command's results go.
   *
   * @return the stream given to the constructor
   */
  protected final PrintStream out() {
    return out;
  }

  /**
   * Parses a command line into this command and runs it, as {@link CommandLines#execute(Object,
   * String[], PrintStream, PrintStream)} does.
   *
   * @param args the command line
   * @param err where errors and usage messages go
   * @return the exit code
   */
  protected final int execute(String[] args, PrintStream err) {
    return CommandLines.execute(this, args, out, err);
  }
}
