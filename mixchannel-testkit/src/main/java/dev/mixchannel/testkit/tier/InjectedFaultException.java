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

import java.io.IOException;

/**
 * The failure a {@link FaultInjectingTier} throws where it was armed to. Its message says whether
 * the real call ran: {@code injected failure before the call: ...} (it did not) or {@code injected
 * failure after the effect: ...} (it did, and its effect stands).
 */
public final class InjectedFaultException extends IOException {

  private static final long serialVersionUID = 1L;

  /** The call that failed. */
  private final FaultInjectingTier.Call call;

  /** Whether the real call ran. */
  private final FaultInjectingTier.Phase phase;

  /** The key the call named. */
  private final String key;

  /**
   * Creates the failure of one call.
   *
   * @param call the call that failed
   * @param phase whether the real call ran first
   * @param key the key the call named ({@code from} for a rename)
   * @param detail what else identifies the call, such as the tier; may be empty
   */
  public InjectedFaultException(
      FaultInjectingTier.Call call, FaultInjectingTier.Phase phase, String key, String detail) {
    super(
        (phase == FaultInjectingTier.Phase.BEFORE
                ? "injected failure before the call: call="
                : "injected failure after the effect: call=")
            + call
            + ", key="
            + key
            + (detail.isEmpty() ? "" : " (" + detail + ")"));
    this.call = call;
    this.phase = phase;
    this.key = key;
  }

  /**
   * The call that failed.
   *
   * @return the call
   */
  public FaultInjectingTier.Call call() {
    return call;
  }

  /**
   * Whether the real call ran before this failure.
   *
   * @return {@link FaultInjectingTier.Phase#AFTER} when it did
   */
  public FaultInjectingTier.Phase phase() {
    return phase;
  }

  /**
   * The key the failed call named.
   *
   * @return the key ({@code from} for a rename; the key a channel was opened on for a force or a
   *     reopen)
   */
  public String key() {
    return key;
  }
}
