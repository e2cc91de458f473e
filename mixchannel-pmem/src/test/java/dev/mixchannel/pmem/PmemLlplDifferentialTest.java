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
package dev.mixchannel.pmem;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.differential.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

@Tag("slow")
class PmemLlplDifferentialTest extends DifferentialSuite {

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    TestPools.assumeBackend(PmemBackend.LLPL);
    Path dir = tempDir.resolve("pmem");
    PmemTier tier = TestPools.open(dir, 256 * TestPools.MIB, TestPools.MIB, PmemBackend.LLPL);
    return new PmemChannelFactory(tier, true, "");
  }
}
