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

import dev.mixchannel.kafka.internal.AdapterSettings;
import dev.mixchannel.kafka.internal.Evacuator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
 * can be interrupted and run again. It prints one progress line per segment and exits with 0 when
 * every key was demoted, 2 when some were left (listed), 1 on an error.
 */
public final class Evacuate {

  private Evacuate() {}

  /**
   * Runs the command.
   *
   * @param args the settings file, then optionally {@code --log-dirs <dir>[,<dir>...]}
   */
  public static void main(String[] args) {
    int status;
    try {
      status = run(args, System.out);
    } catch (IOException | RuntimeException e) {
      System.err.println("evacuation failed: " + e);
      e.printStackTrace(System.err);
      status = 1;
    }
    System.exit(status);
  }

  /**
   * Runs the command without exiting the JVM.
   *
   * @param args as for {@link #main}
   * @param out where progress lines go
   * @return 0 when every key was evacuated, 2 when some were left in the tiers
   * @throws IOException when the tiers or a log dir fail
   * @throws IllegalArgumentException for bad arguments
   */
  public static int run(String[] args, PrintStream out) throws IOException {
    String usage =
        "usage: Evacuate <mixchannel.properties> [--log-dirs <dir>[,<dir>...]] [--only <prefix>]";
    if (args.length == 0 || args.length % 2 == 0) {
      throw new IllegalArgumentException(usage);
    }
    AdapterSettings settings = AdapterSettings.load(Path.of(args[0]));
    List<Path> logDirs = new ArrayList<>(settings.logDirs());
    String only = "";
    for (int i = 1; i < args.length; i += 2) {
      if (args[i].equals("--log-dirs")) {
        logDirs.clear();
        for (String dir : args[i + 1].split(",")) {
          if (!dir.isBlank()) {
            logDirs.add(Path.of(dir.trim()));
          }
        }
      } else if (args[i].equals("--only")) {
        only = args[i + 1];
      } else {
        throw new IllegalArgumentException(usage + " (unknown option " + args[i] + ")");
      }
    }
    if (logDirs.isEmpty()) {
      throw new IllegalArgumentException(
          "no log dirs: set log.dirs in " + args[0] + " or pass --log-dirs");
    }
    Evacuator.Result result = new Evacuator(settings, logDirs, out).only(only).run();
    return result.leftKeys().isEmpty() ? 0 : 2;
  }
}
