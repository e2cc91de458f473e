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
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code evacuate <config> --to <tier>}: moves every key to one tier, with a progress line. */
@Command(
    name = "evacuate",
    description = {
      "Move every key to one tier, for example to empty a PMem tier before its device is"
          + " replaced, or to bring everything back to one disk tier before removing the others."
          + " Keys the target cannot take are listed and left where they are.",
      "Opens the storage, so the process that owns it must be stopped.",
      "Exit code 0 when every key is on the target tier, 1 when some were left."
    })
final class EvacuateCommand extends StorageCommand {

  @Option(
      names = "--to",
      required = true,
      paramLabel = "<tier>",
      description = "The name of the tier to move every key to.")
  String tier;

  @Override
  int run(TierManager manager, PrintWriter out) throws IOException {
    Map<String, Long> todo = new LinkedHashMap<>();
    long totalBytes = 0;
    for (String key : manager.keys()) {
      if (!manager.tierOf(key).equals(tier)) {
        long size = sizeOf(manager, key);
        todo.put(key, size);
        totalBytes += size;
      }
    }
    out.printf(
        "evacuating %d of %d keys (%s) to tier %s%n",
        todo.size(), manager.keys().size(), ByteSizes.format(totalBytes), tier);
    ProgressLine progress =
        new ProgressLine(out, System.console() != null, todo.size(), totalBytes);
    List<String> left = new ArrayList<>();
    for (Map.Entry<String, Long> e : todo.entrySet()) {
      try {
        manager.migrate(e.getKey(), tier);
      } catch (NoSuchFileException gone) {
        // deleted meanwhile: nothing to move
      } catch (IOException failed) {
        left.add(e.getKey() + ": " + failed.getMessage());
      }
      progress.advance(e.getValue());
    }
    progress.finish();
    List<String> divergent = manager.divergentKeys();
    for (String key : manager.refusedKeys()) {
      left.add(
          key
              + (divergent.contains(key)
                  ? ": its complete copies on two tiers differ; keep one with resolve first"
                  : ": a tier refuses its copy (damaged); restore it from a replica or a backup"));
    }
    if (left.isEmpty()) {
      out.println("RESULT: OK, every key is on tier " + tier);
      return MixChannelTool.OK;
    }
    out.println("RESULT: " + left.size() + " key(s) left where they were:");
    left.forEach(line -> out.println("  " + line));
    return MixChannelTool.PROBLEMS;
  }

  @Override
  String tierName() {
    return tier;
  }
}
