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

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code resolve <config> --keep <tier> <key>}: keeps one of a refused key's differing copies and
 * removes the others.
 */
@Command(
    name = "resolve",
    description = {
      "Resolve a key that is complete on two tiers with different bytes (something wrote outside"
          + " the migration protocol: a host system started without its adapter, a copy made by"
          + " hand). Recovery keeps both copies and refuses the key until this command keeps the"
          + " copy of one tier and removes every other copy durably; what only the removed copy"
          + " held is gone. The refusal's message names both tiers, the sizes and the first"
          + " differing offset.",
      "Opens the storage, so the process that owns it must be stopped.",
      "Exit code 0 when the key is served from the kept tier, 2 when it is not refused or that"
          + " tier holds no copy of it."
    })
final class ResolveCommand extends StorageCommand {

  @Parameters(
      index = "1",
      paramLabel = "<key>",
      description = "The refused key, such as topic-0/00000000000000000000.log.")
  String key;

  @Option(
      names = "--keep",
      required = true,
      paramLabel = "<tier>",
      description = "The name of the tier whose copy is kept.")
  String keep;

  @Override
  int run(TierManager manager, PrintWriter out) throws IOException {
    boolean refused = manager.divergentKeys().contains(key);
    List<String> removed = manager.resolveDivergent(key, keep);
    if (!refused) {
      out.println(key + " is not refused and is served from tier " + keep + ": nothing to do");
    } else {
      out.println(
          "resolved " + key + ": kept the copy on " + keep + ", removed the copy on " + removed);
    }
    return MixChannelTool.OK;
  }

  @Override
  String tierName() {
    return keep;
  }
}
