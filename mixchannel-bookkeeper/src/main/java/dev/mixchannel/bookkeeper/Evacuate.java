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

import dev.mixchannel.bookkeeper.internal.BookieConfig;
import dev.mixchannel.bookkeeper.internal.Evacuator;
import dev.mixchannel.bookkeeper.internal.JournalSettings;
import dev.mixchannel.common.CommandLines;
import dev.mixchannel.common.OperatorCommand;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.apache.bookkeeper.conf.ServerConfiguration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Turns a stopped bookie's journal keys back into plain journal files, so that the bookie can start
 * without the provider and replay every journal entry:
 *
 * <pre>
 * java -cp mixchannel-bookkeeper-&lt;version&gt;-bookie.jar:/opt/bookkeeper/lib/* \
 *   dev.mixchannel.bookkeeper.Evacuate conf/bk_server.conf [--quarantine-to &lt;dir&gt;]
 * </pre>
 *
 * <p>Keys of deleted journals are removed first (the reaper's rules); each remaining journal key is
 * copied over its placeholder, made durable, and deleted. {@code --quarantine-to} writes
 * quarantined keys as files under a directory and deletes them. It can be stopped and run again. A
 * placeholder whose key no tier holds (its bytes are lost) is listed as left: a bookie refuses it,
 * with the provider or without. The command line and the exit codes are every operator command's
 * ({@link CommandLines}): 0 when no key is left, 1 when keys or such placeholders were left
 * (listed), 2 for bad usage or settings, 3 on an error (the bookie still running holds the tiers:
 * stop it); {@code --help}, {@code --version}.
 */
@Command(
    name = "Evacuate",
    description = {
      "Turns a stopped bookie's journal keys back into plain journal files.",
      "It can be stopped and run again."
    })
public final class Evacuate extends OperatorCommand {

  @Parameters(
      index = "0",
      paramLabel = "<bk_server.conf>",
      description = "the bookie's configuration")
  private Path configFile;

  @Option(
      names = "--quarantine-to",
      paramLabel = "<dir>",
      description = "write quarantined keys as files under this directory, then delete them")
  private Path quarantineTo;

  private Evacuate(PrintStream out) {
    super(out);
  }

  /**
   * Runs the evacuation and exits.
   *
   * @param args the bookie configuration file, then optionally {@code --quarantine-to <dir>}
   */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the evacuation.
   *
   * @param args the bookie configuration file, then optionally {@code --quarantine-to <dir>}
   * @param out where progress, help and the version go
   * @param err where errors and usage messages go
   * @return the exit code: 0 all evacuated, 1 keys or keyless placeholders left, 2 bad usage or
   *     settings, 3 an error
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return new Evacuate(out).execute(args, err);
  }

  /**
   * Evacuates, once picocli has parsed the command line.
   *
   * @return the exit code
   * @throws IOException when the configuration cannot be read or the tiers fail
   */
  @Override
  public Integer call() throws IOException {
    if (!Files.isRegularFile(configFile)) {
      throw new NoSuchFileException(configFile.toString());
    }
    ServerConfiguration conf = new ServerConfiguration();
    try {
      conf.loadConf(configFile.toUri().toURL());
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      // loadConf throws Commons Configuration's exception, whose package differs between
      // BookKeeper 4.16 and 4.17.
      throw new IOException("bookie configuration unreadable: " + configFile, e);
    }
    JournalSettings settings = JournalSettings.from(BookieConfig.of(conf));
    try (TierManager tiers = TierManager.open(settings.config())) {
      List<String> left = new Evacuator(tiers, settings, out()).run(quarantineTo);
      if (left.isEmpty()) {
        out().println("done: every journal key is a journal file again");
        return CommandLines.OK;
      }
      out()
          .println(
              "done: "
                  + left.size()
                  + " left (keys in the tiers, placeholders whose key no tier holds): "
                  + left);
      return CommandLines.PROBLEMS;
    }
  }
}
