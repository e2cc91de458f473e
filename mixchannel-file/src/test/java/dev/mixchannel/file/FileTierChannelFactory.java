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
package dev.mixchannel.file;

import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Runs the testkit's suites against channels opened through a {@link FileTier}. */
final class FileTierChannelFactory implements ChannelFactory {

  private final FileTier tier;

  private FileTierChannelFactory(FileTier tier) {
    this.tier = tier;
  }

  /** Opens a tier of its own in a sub-directory of the test's temporary directory. */
  static FileTierChannelFactory open(Path tempDir) throws IOException {
    return new FileTierChannelFactory(
        FileTier.open(
            new TierConfig("suite", TierKind.NVME, List.of(tempDir.resolve("tier")), -1)));
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    return tier.open(name, options);
  }

  @Override
  public boolean delete(String name) throws IOException {
    return tier.delete(name);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    tier.rename(from, to);
  }

  /** Every capability but the tiering ones (a file tier keeps no copies and is not restarted). */
  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.complementOf(
        EnumSet.of(ChannelCapability.RESTART, ChannelCapability.STALE_COPIES));
  }

  @Override
  public void close() throws IOException {
    tier.close();
  }
}
