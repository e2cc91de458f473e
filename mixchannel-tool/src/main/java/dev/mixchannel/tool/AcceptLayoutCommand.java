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
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/**
 * {@code accept-layout <config>}: opens the storage accepting its directories as configured, once,
 * after an intended change the manager otherwise refuses ({@link
 * dev.mixchannel.api.TierLayoutException}).
 */
@Command(
    name = "accept-layout",
    description = {
      "Accept the tiers' directories as the configuration names them, after a change that the"
          + " library refuses by default: a directory it wrote that is missing its marker (not"
          + " mounted, replaced, emptied), a PMem pool file that is gone, a directory no longer"
          + " configured. Run it only when the change is intended: the data of a missing"
          + " directory is gone for good, or was evacuated first. A mount that did not come up"
          + " is not such a change: mount it and start again instead.",
      "Opens the storage, so the process that owns it must be stopped. Creates what is missing"
          + " (an empty pool, an empty directory) and records the layout; later starts check"
          + " against it.",
      "Exit code 0 when the layout is recorded."
    })
final class AcceptLayoutCommand extends StorageCommand {

  @Override
  String tierName() {
    return null;
  }

  @Override
  TierManager.Builder configure(TierManager.Builder builder) {
    return builder.acceptLayoutChange();
  }

  @Override
  int run(TierManager manager, PrintWriter out) {
    out.println(
        "accepted the tier layout of "
            + config
            + ": tiers="
            + manager.stats().tiers().stream().map(t -> t.name()).toList()
            + ", keys="
            + manager.keys().size()
            + ", refused keys="
            + manager.refusedKeys().size());
    return MixChannelTool.OK;
  }
}
