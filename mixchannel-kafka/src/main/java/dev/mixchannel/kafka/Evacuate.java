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
import dev.mixchannel.kafka.internal.Evacuator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Demotes every segment from the fast MixChannel tiers into the broker's own {@code *.log} files
 * (the last tier), so the broker can then start without the agent, or a fast tier can leave the
 * settings. Run it with the broker stopped:
 *
 * <pre>{@code
 * java -cp mixchannel-kafka-<version>-agent.jar:/opt/kafka/libs/* \
 *   dev.mixchannel.kafka.Evacuate /etc/kafka/mixchannel.properties \
 *   [--log-dirs /data/k1,/data/k2] [--only <key prefix>]
 * }</pre>
 *
 * <p>The log dirs are those of {@code --log-dirs}, else the settings file's {@code log.dirs};
 * {@code --only} demotes just the keys that start with the prefix ({@code <directory.id>/<topic>-
 * <partition>/...}). Each segment moves with the migration protocol (copied under a name Kafka
 * ignores, made durable, renamed over its placeholder, then the fast copy removed), so the command
 * can be interrupted and run again. It prints one progress line per segment. The command line and
 * the exit codes are every operator command's ({@link CommandLines}): 0 when every key was demoted,
 * 1 when some were left (listed), 2 for bad usage or settings, 3 on an error; {@code --help},
 * {@code --version}.
 */
@Command(
    name = "Evacuate",
    description = {
      "Demotes every segment from the fast MixChannel tiers into the broker's own .log files.",
      "Run it with the broker stopped; it can be interrupted and run again."
    })
public final class Evacuate extends AgentCommand {

  @Option(
      names = "--log-dirs",
      split = ",",
      paramLabel = "<dir>",
      description = "the broker's log dirs, comma-separated (default: log.dirs of the settings)")
  private List<Path> logDirOptions = new ArrayList<>();

  @Option(
      names = "--only",
      paramLabel = "<key prefix>",
      description = "demote only the keys that start with this prefix")
  private String only = "";

  private Evacuate(PrintStream out) {
    super(out);
  }

  /**
   * Runs the command and exits with its exit code.
   *
   * @param args the settings file, then optionally {@code --log-dirs <dir>[,<dir>...]} and {@code
   *     --only <prefix>}
   */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the command without exiting the JVM.
   *
   * @param args as for {@link #main}
   * @param out where progress lines, help and the version go
   * @param err where errors and usage messages go
   * @return the exit code: 0 every key evacuated, 1 keys left, 2 bad usage, 3 an error
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return new Evacuate(out).execute(args, err);
  }

  /**
   * Evacuates, once picocli has parsed the command line.
   *
   * @return the exit code
   * @throws IOException when the tiers or a log dir fail
   */
  @Override
  public Integer call() throws IOException {
    AdapterSettings settings = settings();
    List<Path> logDirs =
        new ArrayList<>(logDirOptions.isEmpty() ? settings.logDirs() : logDirOptions);
    if (logDirs.isEmpty()) {
      throw new IllegalArgumentException(
          "no log dirs: set log.dirs in " + settingsFile() + " or pass --log-dirs");
    }
    Evacuator.Result result = new Evacuator(settings, logDirs, out()).only(only).run();
    return result.leftKeys().isEmpty() ? CommandLines.OK : CommandLines.PROBLEMS;
  }
}
