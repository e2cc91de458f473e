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
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code migrate} and {@code evacuate} move keys; usage errors exit 2, storage in use exits 3. */
class MoveCommandsTest {

  private static final String A = "m-0/00000000000000000000.log";
  private static final String B = "m-0/00000000000006000000.log";
  private static final String C = "m-0/00000000000012000000.log";

  @TempDir Path root;
  ToolFixture fx;

  @BeforeEach
  void setUp() throws IOException {
    fx = new ToolFixture(root);
    fx.write("disk", 6_000_000, A, B, C);
  }

  @Test
  void shouldMoveOneKeyWhenMigrateNamesATier() throws IOException {
    assertThat(fx.tool("migrate", fx.configFile.toString(), A, "pmem"))
        .isEqualTo(MixChannelTool.OK);
    assertThat(fx.out).contains("moved " + A + " from disk to pmem");
    assertThat(fx.tierOf(A)).isEqualTo("pmem");
    assertThat(fx.tierOf(B)).isEqualTo("disk");
  }

  @Test
  void shouldDoNothingWhenTheKeyIsOnTheTierAlready() throws IOException {
    assertThat(fx.tool("migrate", fx.configFile.toString(), A, "disk"))
        .isEqualTo(MixChannelTool.OK);
    assertThat(fx.out).contains("already");
  }

  @Test
  void shouldExitTwoWhenKeyOrTierIsUnknown() {
    assertThat(fx.tool("migrate", fx.configFile.toString(), "m-0/nope.log", "pmem"))
        .isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.tool("migrate", fx.configFile.toString(), A, "tape"))
        .isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("unknown tier");
  }

  @Test
  void shouldExitThreeWhenTheStorageIsInUse() throws IOException {
    try (TierManager owner = TierManager.builder(fx.config).startMigrator(false).build()) {
      assertThat(fx.tool("migrate", fx.configFile.toString(), A, "pmem"))
          .isEqualTo(MixChannelTool.FAILURE);
      assertThat(fx.err).contains("stop the process");
    }
  }

  @Test
  void shouldMoveEveryKeyWhenEvacuatingToATierWithRoom() throws IOException {
    fx.tool("migrate", fx.configFile.toString(), A, "pmem");
    assertThat(fx.tool("evacuate", fx.configFile.toString(), "--to", "disk"))
        .isEqualTo(MixChannelTool.OK);
    assertThat(fx.out)
        .contains("evacuating 1 of 3 keys")
        .contains("1/1 keys")
        .contains("RESULT: OK");
    assertThat(fx.tierOf(A)).isEqualTo("disk");
  }

  @Test
  @ExpectedLog(logger = "dev.mixchannel.tiering.internal.Migrator", contains = "migration failed")
  void shouldListKeysLeftWhenTheTargetIsFull() throws IOException {
    assertThat(fx.tool("evacuate", fx.configFile.toString(), "--to", "pmem"))
        .isEqualTo(MixChannelTool.PROBLEMS);
    assertThat(fx.out).contains("3/3 keys").contains("1 key(s) left").contains(C);
    assertThat(fx.tierOf(A)).isEqualTo("pmem");
    assertThat(fx.tierOf(C)).isEqualTo("disk");
  }

  @Test
  void shouldExitTwoWhenTheCommandLineIsBad() {
    assertThat(fx.tool()).isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("missing command");
    assertThat(fx.tool("evacuate", fx.configFile.toString())).isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("--to");
    assertThat(fx.tool("frobnicate")).isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.tool("--help")).isEqualTo(MixChannelTool.OK);
    assertThat(fx.out).contains("inspect").contains("Exit codes");
  }
}
