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

import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.pmem.PoolReport;
import dev.mixchannel.pmem.internal.PoolLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code verify}: a consistent storage passes; each kind of damage fails with exit code 1. */
class VerifyCommandTest {

  @TempDir Path root;
  ToolFixture fx;

  @BeforeEach
  void setUp() throws IOException {
    fx = new ToolFixture(root);
    fx.write("pmem", 1_500_000, "t-0/00000000000000000000.log", "t-0/00000000000001500000.log");
    fx.write("disk", 100_000, "t-1/00000000000000000000.log");
  }

  private String verify() {
    return fx.tool("verify", fx.configFile.toString()) + "\n" + fx.out + fx.err;
  }

  @Test
  void shouldExitZeroWhenStorageIsConsistent() {
    assertThat(verify()).startsWith("0\n").contains("RESULT: OK").contains("keys           3");
  }

  @Test
  void shouldFindCorruptSuperblockWhenAByteIsFlipped() throws IOException {
    ToolFixture.flipByte(fx.poolFile(), PoolLayout.SB_EXTENT_SIZE);
    assertThat(verify()).startsWith("1\n").containsIgnoringCase("superblock").contains("PROBLEM");
  }

  @Test
  void shouldFindCorruptSlotWhenItsSizeWordIsFlipped() throws IOException {
    PoolReport.Slot slot = PoolInspector.inspect(fx.poolFile()).slots().get(0);
    ToolFixture.flipByte(
        fx.poolFile(),
        PoolLayout.SLOT_TABLE_OFFSET
            + (long) slot.index() * PoolLayout.SLOT_BYTES
            + PoolLayout.SLOT_SIZE);
    assertThat(verify()).startsWith("1\n").contains("slot[" + slot.index() + "]");
  }

  @Test
  void shouldFindCorruptExtentEntryWhenItsCheckWordIsFlipped() throws IOException {
    PoolReport report = PoolInspector.inspect(fx.poolFile());
    long extent = report.slots().get(1).extents().get(1);
    ToolFixture.flipByte(
        fx.poolFile(),
        report.superblock().extentTableOffset()
            + extent * PoolLayout.EXTENT_ENTRY_BYTES
            + PoolLayout.ENTRY_CHECK);
    assertThat(verify()).startsWith("1\n").contains("PROBLEM");
  }

  @Test
  void shouldFindKeyOnTwoTiersWhenACopyWasLeftBehind() throws IOException {
    Path stray = fx.diskDir.resolve("t-0/00000000000000000000.log");
    Files.createDirectories(stray.getParent());
    Files.write(stray, new byte[100]);
    assertThat(verify())
        .startsWith("1\n")
        .contains("key stored twice: key=t-0/00000000000000000000.log");
  }

  @Test
  void shouldFindIncompleteKeyWhenAMigrationWasInterrupted() throws IOException {
    Files.write(fx.diskDir.resolve("t-1/00000000000000100000.log.migrating"), new byte[10]);
    assertThat(verify()).startsWith("1\n").contains("incomplete key");
  }

  @Test
  void shouldReportMissingPoolWhenTheTierWasNeverOpened() throws IOException {
    Files.delete(fx.poolFile());
    assertThat(verify()).startsWith("1\n").contains("no pool file");
  }

  @Test
  void shouldExitTwoWhenTheConfigurationIsInvalid() throws IOException {
    Path bad = root.resolve("bad.properties");
    Files.writeString(
        bad,
        "mixchannel.tiers=hdd\nmixchannel.tier.hdd.paths=/tmp/x\nmixchannel.migrate.threads=0\n");
    assertThat(fx.tool("verify", bad.toString())).isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("mixchannel.migrate.threads");
  }

  @Test
  void shouldExitTwoWhenTheConfigurationIsMissing() {
    assertThat(fx.tool("verify", root.resolve("nope.properties").toString()))
        .isEqualTo(MixChannelTool.USAGE);
    assertThat(fx.err).contains("no such file");
  }
}
