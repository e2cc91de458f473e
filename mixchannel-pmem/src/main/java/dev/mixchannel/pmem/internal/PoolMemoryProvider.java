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
package dev.mixchannel.pmem.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** Opens a {@link PoolMemory} over a pool file: one per backend; tests supply decorators. */
public interface PoolMemoryProvider {

  /**
   * The backend's name.
   *
   * @return such as {@code jdk} or {@code llpl}
   */
  String name();

  /**
   * Maps a pool file. The provider may open and close descriptors of the file (LLPL does), which
   * drops this process's POSIX locks on it: the pool takes its ownership lock afterwards.
   *
   * @param file the pool file
   * @param channel an open read-write channel on it, owned by the pool
   * @param layout the pool's geometry
   * @param medium what the file lives on
   * @return the memory; the pool closes it
   * @throws IOException when mapping fails
   */
  PoolMemory open(Path file, FileChannel channel, PoolGeometry layout, Medium medium)
      throws IOException;
}
