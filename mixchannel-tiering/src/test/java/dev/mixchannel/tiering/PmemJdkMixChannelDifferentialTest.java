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
import org.slf4j.event.Level;

/** Random operation sequences: MixChannel on a PMem tier (Jdk backend) against the JDK. */
@Tag("slow")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal",
    reason = "stale copies are made by migrations whose deletes fail (RestartingChannelFactory)")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Switcher",
    level = Level.ERROR,
    contains = "removing either copy failed",
    reason = "a stale copy made on the slower tier of a key on the faster")
class PmemJdkMixChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return PmemFactories.pmemThenFile(tempDir, PmemBackend.JDK);
  }
}
