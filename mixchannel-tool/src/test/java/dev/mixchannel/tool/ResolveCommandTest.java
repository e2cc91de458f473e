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

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code resolve} keeps one of a refused key's differing copies (issue 17, item 3): the chosen copy
 * is served afterwards and the other is gone; a key that is not refused, or a tier without a copy,
 * exits 2; storage in use exits 3.
 */
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key refused, its complete copies on two tiers differ")
class ResolveCommandTest {

  private static final String HOT = "r-0/00000000000000000000.log";
  private static final String COLD = "r-0/00000000000000001000.log";
  private static final String DIFFERENT = "written without the adapter";

  @TempDir Path root;
  ToolFixture fx;

  @BeforeEach
  void setUp() throws IOException {
    fx = new ToolFixture(root);
    fx.write("pmem", 100_000, HOT);
    fx.write("disk", 100_000, COLD);
    // What a host system run without its adapter leaves: a second, different complete copy.
    Files.writeString(fx.diskDir.resolve(HOT), DIFFERENT);
  }

  @Test
  void shouldKeepTheChosenCopyWhenResolvingARefusedKey() throws IOException {
    assertThat(fx.tool("migrate", fx.configFile.toString(), HOT, "disk"))
        .isEqualTo(MixChannelTool.FAILURE);
    assertThat(fx.err)
        .contains("key refused, its complete copies on two tiers differ")
        .contains("resolve <config> --keep <pmem|disk> " + HOT);

    assertThat(fx.tool("resolve", fx.configFile.toString(), "--keep", "disk", HOT))
        .isEqualTo(MixChannelTool.OK);
    assertThat(fx.out).contains("resolved " + HOT + ": kept the copy on disk").contains("[pmem]");
    assertThat(fx.tierOf(HOT)).isEqualTo("disk");
    assertThat(Files.readString(fx.diskDir.resolve(HOT))).isEqualTo(DIFFERENT);
    assertThat(fx.tierOf(COLD)).isEqualTo("disk");

    assertThat(fx.tool("resolve", fx.configFile.toString(), "--keep", "disk", HOT))
        .isEqualTo(MixChannelTool.OK);
    assertThat(fx.out).contains("nothing to do");
  }

  @Test
  void shouldExitTwoWhenTheKeyIsNotRefusedOrTheTierHasNoCopy() {
    assertThat(fx.tool("resolve", fx.configFile.toString(), "--keep", "pmem", COLD))
        .isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("no divergent copies to resolve");
    assertThat(fx.tool("resolve", fx.configFile.toString(), HOT)).isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("--keep");
    assertThat(fx.tool("resolve", fx.configFile.toString(), "--keep", "tape", HOT))
        .isEqualTo(MixChannelTool.USAGE);
  }

  @Test
  void shouldExitThreeWhenTheStorageIsInUse() throws IOException {
    try (TierManager owner = TierManager.builder(fx.config).startMigrator(false).build()) {
      assertThat(fx.tool("resolve", fx.configFile.toString(), "--keep", "disk", HOT))
          .isEqualTo(MixChannelTool.FAILURE);
      assertThat(fx.err).contains("stop the process");
      assertThat(owner.divergentKeys()).containsExactly(HOT);
    }
    assertThat(Files.readString(fx.diskDir.resolve(HOT))).isEqualTo(DIFFERENT);
  }
}
