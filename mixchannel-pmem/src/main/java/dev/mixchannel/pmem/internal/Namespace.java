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

import static dev.mixchannel.pmem.internal.PoolLayout.STATE_LIVE;
import static dev.mixchannel.pmem.internal.PoolLayout.STATE_PROMOTING;

/**
 * The two namespaces of a pool's keys: a complete key (slot state LIVE) and an incomplete one, a
 * migration destination not yet published (slot state PROMOTING). A name may exist once in each.
 */
public enum Namespace {
  /** Complete keys, the ones {@code keys()} lists. */
  COMPLETE(STATE_LIVE),
  /** Incomplete keys, created by {@code createIncomplete} and not yet published. */
  INCOMPLETE(STATE_PROMOTING);

  private final int slotState;

  Namespace(int slotState) {
    this.slotState = slotState;
  }

  /**
   * The STATE of a slot holding a key of this namespace.
   *
   * @return {@link PoolLayout#STATE_LIVE} or {@link PoolLayout#STATE_PROMOTING}
   */
  int slotState() {
    return slotState;
  }

  /**
   * The namespace of a used slot's state.
   *
   * @param state {@link PoolLayout#STATE_LIVE} or {@link PoolLayout#STATE_PROMOTING}
   * @return its namespace
   * @throws IllegalArgumentException for any other state
   */
  static Namespace ofSlotState(int state) {
    for (Namespace n : values()) {
      if (n.slotState == state) {
        return n;
      }
    }
    throw new IllegalArgumentException("not the state of a used slot: state=" + state);
  }
}
