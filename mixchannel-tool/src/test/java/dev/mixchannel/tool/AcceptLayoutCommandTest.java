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

import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PMem pool file that is gone makes every command that opens the storage refuse, naming {@code
 * accept-layout}; {@code accept-layout} opens it once with an empty pool and records the layout,
 * after which the storage opens as usual.
 */
class AcceptLayoutCommandTest {

  private static final String COLD = "a-0/00000000000000000000.log";

  @TempDir Path root;
  ToolFixture fx;

  @BeforeEach
  void setUp() throws IOException {
    fx = new ToolFixture(root);
    fx.write("pmem", 10_000, "a-0/00000000000000001000.log");
    fx.write("disk", 10_000, COLD);
  }

  @Test
  void shouldRefuseALostPoolUntilTheLayoutIsAccepted() throws IOException {
    Files.delete(fx.pmemDir.resolve(PmemTier.POOL_FILE_NAME));

    assertThat(fx.tool("migrate", fx.configFile.toString(), COLD, "pmem"))
        .isEqualTo(MixChannelTool.FAILURE);
    assertThat(fx.err).contains("tier layout refused").contains("accept-layout");
    assertThat(fx.pmemDir.resolve(PmemTier.POOL_FILE_NAME)).doesNotExist();

    assertThat(fx.tool("accept-layout", fx.configFile.toString())).isEqualTo(MixChannelTool.OK);
    assertThat(fx.out).contains("accepted the tier layout").contains("keys=1");

    assertThat(fx.tool("migrate", fx.configFile.toString(), COLD, "pmem"))
        .isEqualTo(MixChannelTool.OK);
    assertThat(fx.tierOf(COLD)).isEqualTo("pmem");
  }
}
