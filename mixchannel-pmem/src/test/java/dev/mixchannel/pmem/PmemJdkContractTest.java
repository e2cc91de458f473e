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
import dev.mixchannel.testkit.channel.FileChannelContractSuite;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class PmemJdkContractTest extends FileChannelContractSuite {

  private static SharedTier shared;

  @BeforeAll
  static void openTier() throws Exception {
    shared = new SharedTier(PmemBackend.JDK, SharedTier.CONTRACT_POOL_BYTES, TestPools.MIB);
  }

  @AfterAll
  static void closeTier() throws Exception {
    if (shared != null) {
      shared.close();
    }
  }

  @Override
  protected ChannelFactory createFactory(Path tempDir) {
    return shared.newFactory();
  }
}
