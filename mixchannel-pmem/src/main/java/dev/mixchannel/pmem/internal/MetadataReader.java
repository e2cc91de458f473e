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

/** Read access to a pool's metadata: the live memory at recovery, a file copy for inspection. */
interface MetadataReader {

  long getLong(long offset);

  void getBytes(long offset, byte[] dst, int dstIndex, int length);

  /** Reads through a pool's memory. */
  static MetadataReader of(PoolMemory memory) {
    return new MetadataReader() {
      @Override
      public long getLong(long offset) {
        return memory.getLong(offset);
      }

      @Override
      public void getBytes(long offset, byte[] dst, int dstIndex, int length) {
        memory.getBytes(offset, dst, dstIndex, length);
      }
    };
  }
}
