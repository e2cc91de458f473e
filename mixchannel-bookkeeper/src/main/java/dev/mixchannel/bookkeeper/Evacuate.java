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

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.bookkeeper.internal.BookieConfig;
import dev.mixchannel.bookkeeper.internal.Evacuator;
import dev.mixchannel.bookkeeper.internal.JournalSettings;
import dev.mixchannel.tiering.TierManager;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.bookkeeper.conf.ServerConfiguration;

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
 * quarantined keys as files under a directory and deletes them. Exit code 0 when no key is left, 2
 * when keys were left (listed), 1 on an error (the bookie still running holds the tiers: stop it).
 * It can be stopped and run again.
 */
public final class Evacuate {

  private Evacuate() {}

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
   * @param out where progress goes
   * @param err where errors go
   * @return the exit code: 0 all evacuated, 2 keys left, 1 an error or bad usage
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length != 1 && !(args.length == 3 && args[1].equals("--quarantine-to"))) {
      err.println("usage: Evacuate <bk_server.conf> [--quarantine-to <dir>]");
      return 1;
    }
    try {
      ServerConfiguration conf = new ServerConfiguration();
      conf.loadConf(new File(args[0]).toURI().toURL());
      JournalSettings settings = JournalSettings.from(BookieConfig.of(conf));
      Path quarantineTo = args.length == 3 ? Path.of(args[2]) : null;
      try (TierManager tiers = TierManager.open(settings.config())) {
        List<String> left = new Evacuator(tiers, settings, out).run(quarantineTo);
        if (left.isEmpty()) {
          out.println("done: every journal key is a journal file again");
          return 0;
        }
        out.println("done: " + left.size() + " keys left in the tiers: " + left);
        return 2;
      }
    } catch (InvalidConfigException e) {
      err.println(e.getMessage());
      return 1;
    } catch (Exception e) {
      // loadConf throws Commons Configuration's exception, whose package differs between
      // BookKeeper 4.16 and 4.17.
      err.println("evacuation failed: " + e);
      return 1;
    }
  }
}
