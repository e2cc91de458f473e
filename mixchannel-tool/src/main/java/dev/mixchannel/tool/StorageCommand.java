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

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import picocli.CommandLine.Parameters;

/**
 * A subcommand that moves keys of a configuration's storage ({@code migrate}, {@code evacuate},
 * {@code resolve}): its first parameter is the configuration file. It opens a tier manager without
 * its background migrator, so that only the command moves keys, once the tier the command names is
 * known to be configured; the opening recovers the storage as the library always does (interrupted
 * migrations are discarded). The manager is closed, and the output flushed, when the command is
 * done.
 */
abstract class StorageCommand extends ToolCommand {

  // No explicit index: picocli reads this class's fields before the subclass's, so this is the
  // first parameter (the subclasses number theirs from 1), and a missing one is reported together
  // with every other missing parameter and option.
  @Parameters(paramLabel = "<config>", description = "The configuration file.")
  Path config;

  /**
   * Opens the storage, runs the command on it and closes it.
   *
   * @return the exit code
   * @throws IOException when the file cannot be read, the storage cannot be opened or the command
   *     fails
   * @throws IllegalArgumentException when the configuration has no tier of the name the command
   *     needs
   */
  @Override
  public final Integer call() throws IOException {
    PrintWriter out = out();
    try (TierManager manager = open()) {
      return run(manager, out);
    } finally {
      out.flush();
    }
  }

  /**
   * The tier the command needs, checked before anything is opened.
   *
   * @return the tier's name, as the command line gives it, or {@code null} when the command needs
   *     no particular tier
   */
  abstract String tierName();

  /**
   * Sets what the command needs of the manager's opening, beyond a stopped migrator.
   *
   * @param builder the builder
   * @return the builder
   */
  TierManager.Builder configure(TierManager.Builder builder) {
    return builder;
  }

  /**
   * Runs the command on the open storage.
   *
   * @param manager the tiers, closed by the caller
   * @param out where the results go
   * @return the exit code
   * @throws IOException when the command fails
   */
  abstract int run(TierManager manager, PrintWriter out) throws IOException;

  /**
   * The size of a key, as a reader opening it sees it.
   *
   * @param manager the tiers
   * @param key the key
   * @return its size in bytes
   * @throws IOException when the key cannot be opened ({@link java.nio.file.NoSuchFileException}
   *     when it is gone)
   */
  static long sizeOf(TierManager manager, String key) throws IOException {
    try (MixChannel channel = manager.open(key, StandardOpenOption.READ)) {
      return channel.size();
    }
  }

  private TierManager open() throws IOException {
    MixChannelConfig parsed = MixChannelConfig.load(config);
    if (tierName() != null) {
      parsed.tier(tierName());
    }
    return configure(TierManager.builder(parsed).startMigrator(false)).build();
  }
}
