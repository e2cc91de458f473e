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

import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a state-changing tier call that returned left ({@link TierCalls}): its effect is in place,
 * and either durable or maybe not (the call took effect and then failed, as when a file tier's
 * rename succeeds and the directory fsync fails). Callers that must tell their own caller (a user's
 * delete or rename) {@link #throwIfNotDurable() throw} once their state matches the tier's;
 * internal clean-ups {@link #logIfNotDurable() log} it. Immutable.
 */
final class TierEffect {
  private static final Logger LOG = LoggerFactory.getLogger(TierEffect.class);
  private static final TierEffect DURABLE = new TierEffect(null);

  private final IOException notDurable;

  private TierEffect(IOException notDurable) {
    this.notDurable = notDurable;
  }

  /** The effect of a call that returned normally. */
  static TierEffect durable() {
    return DURABLE;
  }

  /** The effect of a call that took effect and then threw {@code failure}. */
  static TierEffect notDurable(IOException failure) {
    return new TierEffect(failure);
  }

  boolean isDurable() {
    return notDurable == null;
  }

  /** This effect, or {@code other} when this one is durable: the first doubt of two calls. */
  TierEffect and(TierEffect other) {
    return isDurable() ? other : this;
  }

  /**
   * Throws the failure of a call that took effect.
   *
   * @throws IOException when the effect may not be durable
   */
  void throwIfNotDurable() throws IOException {
    if (notDurable != null) {
      throw notDurable;
    }
  }

  /**
   * The failure of a call that took effect.
   *
   * @return it
   * @throws IllegalStateException when the effect is durable
   */
  IOException failure() {
    if (notDurable == null) {
      throw new IllegalStateException("the call's effect is durable: no failure");
    }
    return notDurable;
  }

  /** Logs the failure of a call that took effect; it may not be durable. */
  void logIfNotDurable(String call, RankedTier tier, String key) {
    if (notDurable != null) {
      LOG.warn("{} took effect but failed after it: key={}, tier={}", call, key, tier, notDurable);
    }
  }
}
