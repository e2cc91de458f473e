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
package dev.mixchannel.file;

import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.channel.FileChannelContractSuite;
import java.io.IOException;
import java.nio.file.Path;

/** The FileChannel contract, run on channels a {@link FileTier} hands out. */
class FileTierContractTest extends FileChannelContractSuite {

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return FileTierChannelFactory.open(tempDir);
  }
}
