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
package dev.mixchannel.testkit.tier;

import dev.mixchannel.testkit.tier.FaultInjectingTier.Call;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.ListIterator;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The faults a {@link FaultInjectingTier} is armed with, and its call counts. Thread-safe: arming
 * and deciding take this object's monitor; the counts are atomic.
 */
final class FaultPlan {

  private final List<Armed> armed = new ArrayList<>();
  private final AtomicLongArray calls = new AtomicLongArray(Call.values().length);
  private final AtomicLongArray injected = new AtomicLongArray(Call.values().length);

  synchronized void arm(Call call, Phase phase, String key, long skip, int times) {
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(phase, "phase");
    if (skip < 0 || times < 1) {
      throw new IllegalArgumentException(
          "invalid fault: skip=" + skip + ", times=" + times + ", expected skip >= 0, times >= 1");
    }
    armed.add(new Armed(call, phase, key, skip, times));
  }

  synchronized void disarm() {
    armed.clear();
  }

  synchronized boolean isArmed() {
    return !armed.isEmpty();
  }

  long calls(Call call) {
    return calls.get(call.ordinal());
  }

  long injected(Call call) {
    return injected.get(call.ordinal());
  }

  /**
   * Counts a call and decides whether it fails: the first armed fault that matches the call and key
   * decides (it lets the call pass while it has calls to skip, else fails it).
   *
   * @return the phase at which the call fails, or {@code null} when it does not
   */
  synchronized Phase decide(Call call, String key) {
    calls.incrementAndGet(call.ordinal());
    for (ListIterator<Armed> it = armed.listIterator(); it.hasNext(); ) {
      Armed fault = it.next();
      if (!fault.matches(call, key)) {
        continue;
      }
      if (fault.skip() > 0) {
        it.set(fault.afterPass());
        return null;
      }
      if (fault.times() == 1) {
        it.remove();
      } else {
        it.set(fault.afterFailure());
      }
      injected.incrementAndGet(call.ordinal());
      return fault.phase();
    }
    return null;
  }

  /**
   * One armed fault: it lets {@code skip} more matching calls pass, then fails {@code times} more.
   * Immutable; the plan replaces it with what is left after each match.
   */
  private record Armed(Call call, Phase phase, String key, long skip, int times) {
    boolean matches(Call made, String keyOfCall) {
      return call == made && (key == null || key.equals(keyOfCall));
    }

    /** What is left after a matching call was let pass. */
    Armed afterPass() {
      return new Armed(call, phase, key, skip - 1, times);
    }

    /** What is left after a matching call was failed, while more than one was left to fail. */
    Armed afterFailure() {
      return new Armed(call, phase, key, skip, times - 1);
    }
  }
}
