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

import java.nio.ByteBuffer;

/**
 * A channel's reusable read-only view of one extent's memory, handed to {@code transferTo} targets.
 * Each transfer step re-points it at the range it sends; it is re-created only when a step moves to
 * another extent, so sequential transfers allocate nothing in steady state. It is touched only
 * between {@link PmemKey#pinInto} and {@link PmemKey#unpin}, while its extent is pinned and the
 * pool open. One thread uses it at a time.
 */
final class TransferView {

  private int extent = -1;
  private ByteBuffer extentView;

  /** The view, positioned at the bytes to send. */
  ByteBuffer buffer() {
    return extentView;
  }

  /** The pinned extent the view shows. */
  int extent() {
    return extent;
  }

  /**
   * Points the view at {@code length} bytes from {@code index} of an extent.
   *
   * @param extent the extent number
   * @param memory the pool's memory
   * @param extentOffset the pool offset of the extent's first byte
   * @param extentSize the extent size in bytes
   * @param index the first byte within the extent
   * @param length the byte count
   */
  void point(
      int extent, PoolMemory memory, long extentOffset, int extentSize, int index, int length) {
    if (extentView == null || this.extent != extent) {
      extentView = memory.slice(extentOffset, extentSize).asReadOnlyBuffer();
      this.extent = extent;
    }
    extentView.clear().limit(index + length).position(index);
  }
}
