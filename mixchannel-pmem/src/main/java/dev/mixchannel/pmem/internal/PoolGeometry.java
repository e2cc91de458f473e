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

/**
 * The geometry a backend needs to map a pool.
 *
 * @param poolSizeBytes the pool size
 * @param dataOffset the offset of the data area, a multiple of the extent size
 * @param extentSizeBytes the extent size
 * @param extentCount the number of extents
 */
public record PoolGeometry(
    long poolSizeBytes, long dataOffset, long extentSizeBytes, long extentCount) {

  /**
   * The end of the data area.
   *
   * @return {@code dataOffset + extentCount * extentSizeBytes}
   */
  public long dataEnd() {
    return dataOffset + extentCount * extentSizeBytes;
  }
}
