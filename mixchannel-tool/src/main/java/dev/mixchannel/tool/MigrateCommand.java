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
package dev.mixchannel.tool;

import dev.mixchannel.common.ByteSizes;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code migrate <config> <key> <tier>}: moves one key to a tier now. */
@Command(
    name = "migrate",
    description = {
      "Move one key to a tier now, with the crash-safe migration protocol (the copy is published"
          + " only once complete and durable). Honours mixchannel.migrate.rate.bytes.per.sec.",
      "Opens the storage, so the process that owns it must be stopped."
    })
final class MigrateCommand extends StorageCommand {

  @Parameters(
      index = "1",
      paramLabel = "<key>",
      description = "The key, such as topic-0/00000000000000000000.log.")
  String key;

  @Parameters(index = "2", paramLabel = "<tier>", description = "The name of the target tier.")
  String tier;

  @Override
  int run(TierManager manager, PrintWriter out) throws IOException {
    String from = manager.tierOf(key);
    if (from.equals(tier)) {
      out.println(key + " is on tier " + tier + " already");
      return MixChannelTool.OK;
    }
    long start = System.nanoTime();
    manager.migrate(key, tier);
    long millis = (System.nanoTime() - start) / 1_000_000;
    long size = sizeOf(manager, key);
    out.printf(
        Locale.ROOT,
        "moved %s from %s to %s: %s in %d ms%n",
        key,
        from,
        manager.tierOf(key),
        ByteSizes.format(size),
        millis);
    return MixChannelTool.OK;
  }

  @Override
  String tierName() {
    return tier;
  }
}
