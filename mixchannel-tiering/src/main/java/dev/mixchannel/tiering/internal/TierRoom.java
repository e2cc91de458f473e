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
package dev.mixchannel.tiering.internal;

/**
 * Whether a tier is known to be full, and when migrations into it may try again. A migration into
 * the tier that fails with {@code TierFullException} marks it full; from then on the policy agent
 * admits one migration into it (a probe) per back-off window, the window doubling (capped) with
 * each probe, until a migration or spill into it succeeds and marks it as having room. So a full
 * tier costs one failed copy per window, not one per key and round, and its state changes are what
 * gets logged. Thread-safe.
 */
final class TierRoom {
  static final long BACKOFF_BASE_MILLIS = 1_000;
  static final long BACKOFF_MAX_MILLIS = 60_000;

  private boolean full;
  private long retryAtMillis;
  private long backoffMillis = BACKOFF_BASE_MILLIS;

  /**
   * A migration into the tier failed for lack of room.
   *
   * @param nowMillis the time of the failure
   * @return whether the tier had room until now (the caller logs the change)
   */
  synchronized boolean markFull(long nowMillis) {
    if (full) {
      return false;
    }
    full = true;
    backoffMillis = BACKOFF_BASE_MILLIS;
    retryAtMillis = nowMillis + backoffMillis;
    return true;
  }

  /**
   * A migration or spill into the tier succeeded.
   *
   * @return whether the tier was full until now (the caller logs the change)
   */
  synchronized boolean markRoom() {
    if (!full) {
      return false;
    }
    full = false;
    backoffMillis = BACKOFF_BASE_MILLIS;
    return true;
  }

  /**
   * Whether a migration into the tier may start now: always while it has room; while it is full,
   * once per back-off window (the probe), which doubles the next window.
   *
   * @param nowMillis the time now
   * @return whether to start it
   */
  synchronized boolean admit(long nowMillis) {
    if (!full) {
      return true;
    }
    if (nowMillis < retryAtMillis) {
      return false;
    }
    retryAtMillis = nowMillis + backoffMillis;
    backoffMillis = Math.min(BACKOFF_MAX_MILLIS, backoffMillis * 2);
    return true;
  }

  synchronized boolean isFull() {
    return full;
  }
}
