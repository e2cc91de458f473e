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

import dev.mixchannel.common.CommandLines;
import dev.mixchannel.kafka.internal.AdapterSettings;
import dev.mixchannel.kafka.internal.QuarantineTool;
import java.io.IOException;
import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * Lists or restores the keys the adapter put in quarantine (orphans: their segment file was gone
 * while their log dir answered). Run it with the broker stopped:
 *
 * <pre>{@code
 * java -cp mixchannel-kafka-<version>-agent.jar:/opt/kafka/libs/* \
 *   dev.mixchannel.kafka.QuarantineCommand /etc/kafka/mixchannel.properties list
 * java -cp ... dev.mixchannel.kafka.QuarantineCommand <settings> restore <quarantined key>
 * }</pre>
 *
 * <p>{@code list} prints one line per quarantined key: its tier and the key {@code
 * ~quarantine/<since epoch ms>/<original key>}. {@code restore} renames one back to its original
 * key (its segment file must exist again for Kafka to use it), never over a live key: when a tier
 * holds a key of the original name (Kafka created a segment of that name since), it changes nothing
 * and fails with a message naming both keys and the tier. The command line and the exit codes are
 * every operator command's ({@link CommandLines}): 0 on success, 2 for bad usage or settings, 3 on
 * an error (a refused restore included); {@code --help}, {@code --version}.
 */
@Command(
    name = "QuarantineCommand",
    description = "Lists or restores the keys the Kafka adapter put in quarantine.")
public final class QuarantineCommand extends AgentCommand {

  @Parameters(index = "1", paramLabel = "<action>", description = "list or restore")
  private Action action;

  @Parameters(
      index = "2",
      arity = "0..1",
      paramLabel = "<quarantined key>",
      description = "the key to restore, as list prints it")
  private String key;

  /** What the command does. */
  enum Action {
    LIST,
    RESTORE
  }

  private QuarantineCommand(PrintStream out) {
    super(out);
  }

  /**
   * Runs the command and exits with its exit code.
   *
   * @param args the settings file, then {@code list} or {@code restore <key>}
   */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the command without exiting the JVM.
   *
   * @param args as for {@link #main}
   * @param out where the output, help and the version go
   * @param err where errors and usage messages go
   * @return the exit code: 0 success, 2 bad usage, 3 an error
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return new QuarantineCommand(out).execute(args, err);
  }

  /**
   * Lists or restores, once picocli has parsed the command line.
   *
   * @return the exit code
   * @throws IOException when the tiers fail
   */
  @Override
  public Integer call() throws IOException {
    if ((action == Action.RESTORE) != (key != null)) {
      throw new IllegalArgumentException(
          "usage: QuarantineCommand <settings> list | restore <quarantined key>");
    }
    AdapterSettings settings = settings();
    QuarantineTool tool = new QuarantineTool(settings);
    if (action == Action.LIST) {
      tool.list().forEach(out()::println);
    } else {
      out().println("restored " + tool.restore(key));
    }
    return CommandLines.OK;
  }
}
