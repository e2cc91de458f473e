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
package dev.mixchannel.testkit.differential;

import dev.mixchannel.testkit.channel.BufferKind;

/**
 * A buffer for one differential step: its kind, capacity, position and limit, and where in the
 * run's noise its initial content starts. Both sides build identical buffers from it.
 *
 * @param kind the buffer kind
 * @param capacity the bytes in the buffer's region
 * @param position the position within the region
 * @param limit the limit within the region
 * @param fillOffset the offset into the noise that fills the region
 */
record BufferSpec(BufferKind kind, int capacity, int position, int limit, int fillOffset) {

  @Override
  public String toString() {
    if (position == 0 && limit == capacity) {
      return kind + "[" + capacity + "]";
    }
    return kind + "[cap=" + capacity + " pos=" + position + " lim=" + limit + "]";
  }
}
