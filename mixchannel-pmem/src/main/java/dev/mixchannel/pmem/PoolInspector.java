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

import dev.mixchannel.pmem.internal.PmemPool;
import dev.mixchannel.pmem.internal.PoolInspection;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads a pool file without opening it as a pool: no ownership lock is taken and nothing is
 * written, so it may inspect a pool another process is using (the result is then a snapshot of
 * moving metadata). It refuses a pool that this JVM holds open, since closing its descriptor would
 * drop this process's lock on the pool. Thread-safe.
 */
public final class PoolInspector {

  /** The name of the pool file a PMem tier keeps in each of its directories. */
  public static final String POOL_FILE_NAME = PmemPool.FILE_NAME;

  private PoolInspector() {}

  /**
   * Inspects a pool file: superblock fields, each non-free slot (state, generation, key, size,
   * extents, problems), extent usage and every problem found (checksum mismatches etc.).
   *
   * @param poolFile the pool file
   * @return the report; a bad superblock is reported in {@link PoolReport#problems()}
   * @throws dev.mixchannel.api.StorageInUseException when this JVM holds the pool open
   * @throws IOException when the file cannot be read
   */
  public static PoolReport inspect(Path poolFile) throws IOException {
    return PoolInspection.inspect(poolFile);
  }
}
