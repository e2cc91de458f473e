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

import dev.mixchannel.pmem.internal.PoolLayout;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inspect}: prints the superblock, the slots and extent usage of a pool. */
class InspectCommandTest {

  @TempDir Path root;
  ToolFixture fx;

  @BeforeEach
  void setUp() throws IOException {
    fx = new ToolFixture(root);
    fx.write("pmem", 2_500_000, "a-0/00000000000000000000.log");
    fx.write("pmem", 10, "a-0/00000000000002500000.log");
  }

  @Test
  void shouldPrintSlotsWhenPoolIsHealthy() {
    assertThat(fx.tool("inspect", fx.poolFile().toString())).isEqualTo(MixChannelTool.OK);
    assertThat(fx.out)
        .contains("MIXPMEM1")
        .contains("extent size  1048576")
        .contains("slots in use   2")
        .containsPattern("LIVE +1 +2500000 +3 +a-0/00000000000000000000.log")
        .containsPattern("LIVE +1 +10 +1 +a-0/00000000000002500000.log")
        .contains("4 used")
        .contains("problems       none");
  }

  @Test
  void shouldListExtentsWhenAskedAndAcceptTheTierDirectory() {
    assertThat(fx.tool("inspect", "--extents", fx.pmemDir.toString())).isEqualTo(MixChannelTool.OK);
    assertThat(fx.out).containsPattern("extents \\[\\d+, \\d+, \\d+\\]");
  }

  @Test
  void shouldExitOneWhenASlotIsDamaged() throws IOException {
    ToolFixture.flipByte(fx.poolFile(), PoolLayout.SLOT_TABLE_OFFSET + PoolLayout.SLOT_KEY_A + 30);
    ToolFixture.flipByte(fx.poolFile(), PoolLayout.SLOT_TABLE_OFFSET + PoolLayout.SLOT_KEY_B + 30);
    assertThat(fx.tool("inspect", fx.poolFile().toString())).isEqualTo(MixChannelTool.PROBLEMS);
    assertThat(fx.out).contains("PROBLEM").doesNotContain("problems       none");
  }

  @Test
  void shouldExitTwoWhenThereIsNoPool() {
    assertThat(fx.tool("inspect", root.resolve("nothing").toString()))
        .isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("no such file");
  }
}
