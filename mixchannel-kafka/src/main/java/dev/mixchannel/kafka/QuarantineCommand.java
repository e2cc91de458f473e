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
import dev.mixchannel.kafka.internal.QuarantineTool;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

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
 * key (its segment file must exist again for Kafka to use it). Exit code 0 on success, 1 on an
 * error, 2 for a bad command line.
 */
public final class QuarantineCommand {

  private QuarantineCommand() {}

  /**
   * Runs the command.
   *
   * @param args the settings file, then {@code list} or {@code restore <key>}
   */
  public static void main(String[] args) {
    int status;
    try {
      status = run(args, System.out);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      status = 2;
    } catch (IOException | RuntimeException e) {
      System.err.println("quarantine command failed: " + e);
      status = 1;
    }
    System.exit(status);
  }

  /**
   * Runs the command without exiting the JVM.
   *
   * @param args as for {@link #main}
   * @param out where the output goes
   * @return 0
   * @throws IOException when the tiers fail
   * @throws IllegalArgumentException for a bad command line
   */
  public static int run(String[] args, PrintStream out) throws IOException {
    boolean list = args.length == 2 && args[1].equals("list");
    boolean restore = args.length == 3 && args[1].equals("restore");
    if (!list && !restore) {
      throw new IllegalArgumentException(
          "usage: QuarantineCommand <mixchannel.properties> list | restore <quarantined key>");
    }
    AdapterSettings settings = AdapterSettings.load(Path.of(args[0]));
    QuarantineTool tool = new QuarantineTool(settings);
    if (list) {
      tool.list().forEach(out::println);
    } else {
      out.println("restored " + tool.restore(args[2]));
    }
    return 0;
  }
}
