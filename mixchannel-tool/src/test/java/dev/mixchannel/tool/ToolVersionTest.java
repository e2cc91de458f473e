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

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolVersionTest {

  @TempDir Path root;

  @Test
  void shouldPrintMixChannelsVersionWhenAskedForIt() throws Exception {
    ToolFixture fx = new ToolFixture(root);
    assertThat(fx.tool("--version")).isEqualTo(MixChannelTool.OK);
    assertThat(fx.out.trim())
        .isEqualTo("mixchannel-tool " + System.getProperty("mixchannel.project.version"));
  }
}
