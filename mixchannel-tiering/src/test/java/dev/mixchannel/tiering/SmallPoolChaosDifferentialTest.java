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

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.differential.DifferentialSuite;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/**
 * The differential suite on a PMem pool so small that writes and transfers fill it part-way and
 * spill to the file tier, while a background thread migrates every key, a ballast key that takes
 * half the pool included, back and forth: every operation must still match the JDK. (It was
 * disabled while a write into the full pool could wait in {@code ExtentAllocator.allocate} for the
 * extent the scrubber held, issue 18 item 3.)
 */
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Migrator",
    contains = "migration failed",
    reason = "the chaos mover fills the small PMem tier")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.MixChannelImpl",
    contains = "closing an interrupted handle failed",
    reason = "the generator interrupts blocked operations")
@Tag("slow")
class SmallPoolChaosDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return PmemFactories.smallPoolChaos(tempDir, PmemBackend.AUTO);
  }
}
