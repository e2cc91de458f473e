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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the migration policy observes of one key and what the workers record on it: writes (a
 * counter, bumped on every write without reading a clock), the seal mark, the migration in flight,
 * the back-off after failures and the size last measured. Each field has one writer role, named on
 * its method; all may be read from any thread.
 */
final class KeyActivity {
  private static final VarHandle WRITE_SEQ;

  static {
    try {
      WRITE_SEQ = MethodHandles.lookup().findVarHandle(KeyActivity.class, "writeSeq", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("unused") // accessed through WRITE_SEQ
  private long writeSeq;

  private final AtomicBoolean inFlight = new AtomicBoolean();
  private final java.util.concurrent.atomic.AtomicInteger holds =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile String inFlightTarget;
  private volatile boolean sealed;
  private volatile long lastWriteMillis;
  private long seenWriteSeq;
  private volatile long backoffUntilMillis;
  private volatile int failures;
  private volatile long cachedSizeBytes;

  KeyActivity(long sizeBytes, long nowMillis) {
    this.cachedSizeBytes = sizeBytes;
    this.lastWriteMillis = nowMillis;
  }

  /** A write is about to happen (the I/O path; opaque, no clock read). */
  void noteWrite() {
    WRITE_SEQ.setOpaque(this, (long) WRITE_SEQ.getOpaque(this) + 1);
  }

  /**
   * The policy's round: records {@code nowMillis} as the last write time when writes happened since
   * the last round. Called by the policy agent only.
   *
   * @param nowMillis the round's time
   * @return the last write time
   */
  long observeWrites(long nowMillis) {
    long seq = (long) WRITE_SEQ.getOpaque(this);
    if (seq != seenWriteSeq) {
      seenWriteSeq = seq;
      lastWriteMillis = nowMillis;
    }
    return lastWriteMillis;
  }

  void seal() {
    sealed = true;
  }

  boolean sealed() {
    return sealed;
  }

  /** Keeps the policy from moving the key until {@link #unhold()}; holds nest. */
  void hold() {
    holds.incrementAndGet();
  }

  void unhold() {
    holds.decrementAndGet();
  }

  boolean held() {
    return holds.get() > 0;
  }

  /** Claims the key for one migration; false when one is in flight. */
  boolean claim(String targetTier) {
    if (!inFlight.compareAndSet(false, true)) {
      return false;
    }
    inFlightTarget = targetTier;
    return true;
  }

  /** Ends the claim of {@link #claim}. */
  void release() {
    inFlightTarget = null;
    inFlight.set(false);
  }

  boolean inFlight() {
    return inFlight.get();
  }

  String inFlightTarget() {
    return inFlightTarget;
  }

  /** A migration succeeded: the back-off ends. */
  void succeeded() {
    failures = 0;
    backoffUntilMillis = 0;
  }

  /**
   * A migration failed: the back-off doubles, capped.
   *
   * @param nowMillis the time of the failure
   * @param baseMillis the first back-off
   * @param maxMillis the longest back-off
   * @return the back-off in milliseconds
   */
  long failed(long nowMillis, long baseMillis, long maxMillis) {
    int n = failures + 1;
    failures = n;
    long backoff = Math.min(maxMillis, baseMillis << Math.min(n - 1, 20));
    backoffUntilMillis = nowMillis + backoff;
    return backoff;
  }

  boolean backingOff(long nowMillis) {
    return nowMillis < backoffUntilMillis;
  }

  long cachedSizeBytes() {
    return cachedSizeBytes;
  }

  void cachedSizeBytes(long sizeBytes) {
    cachedSizeBytes = sizeBytes;
  }
}
