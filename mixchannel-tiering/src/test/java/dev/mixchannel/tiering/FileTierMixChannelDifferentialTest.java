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
package dev.mixchannel.tiering;

import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.differential.DifferentialSuite;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/**
 * Random operation sequences: MixChannel on a file tier against the JDK, interrupted calls included
 * (also on the handles of a deleted or renamed-over key).
 */
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.MixChannelImpl",
    contains = "closing an interrupted handle failed",
    reason = "the generator interrupts blocked operations on file channels")
@Tag("slow")
class FileTierMixChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new ManagerChannelFactory(
        TierManager.builder(TestConfigs.fileTiers(tempDir, -1).build())
            .startMigrator(false)
            .build());
  }
}
