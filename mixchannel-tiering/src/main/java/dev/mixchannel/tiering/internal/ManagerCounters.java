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

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Manager-wide migration counters and the last error. Thread-safe. */
final class ManagerCounters {
  private static final Logger LOG = LoggerFactory.getLogger(ManagerCounters.class);

  private final LongAdder migrationsUp = new LongAdder();
  private final LongAdder migrationsDown = new LongAdder();
  private final LongAdder bytesMigrated = new LongAdder();
  private final LongAdder spills = new LongAdder();
  private final LongAdder failures = new LongAdder();
  private final AtomicReference<String> lastError = new AtomicReference<>("");
  private final WindowedHistogram migrationDurationMillis = new WindowedHistogram();
  private final WindowedHistogram migrationBytes = new WindowedHistogram();
  private final WindowedHistogram policyRoundMicros = new WindowedHistogram();

  /**
   * Records a completed migration.
   *
   * @param from the source tier
   * @param to the target tier
   * @param bytes the bytes copied
   * @param spill whether it was a spill inside a write
   */
  void migrated(RankedTier from, RankedTier to, long bytes, long startNanos, boolean spill) {
    migrationDurationMillis.record((System.nanoTime() - startNanos) / 1_000_000);
    migrationBytes.record(bytes);
    if (to.fasterThan(from)) {
      migrationsUp.increment();
      to.counters().migrationsIn.increment();
    } else {
      migrationsDown.increment();
      from.counters().migrationsOut.increment();
    }
    if (spill) {
      spills.increment();
      from.counters().spills.increment();
    }
    bytesMigrated.add(bytes);
  }

  /**
   * Records a failed (rolled back) migration.
   *
   * @param from the source tier
   * @param to the target tier
   * @param failure what went wrong
   */
  void failed(RankedTier from, RankedTier to, Throwable failure) {
    failures.increment();
    error(failure, from, to);
  }

  /**
   * Records an error as the last error of the manager and of the given tiers.
   *
   * @param failure what went wrong
   * @param tiers the tiers concerned
   */
  void error(Throwable failure, RankedTier... tiers) {
    String message = String.valueOf(failure.getMessage());
    lastError.set(message);
    for (RankedTier tier : tiers) {
      if (tier != null) {
        tier.counters().lastError.set(message);
      }
    }
    LOG.debug("recorded error: {}", message, failure);
  }

  /**
   * Completed promotions.
   *
   * @return the count
   */
  public long migrationsUp() {
    return migrationsUp.sum();
  }

  /**
   * Completed demotions, spills included.
   *
   * @return the count
   */
  public long migrationsDown() {
    return migrationsDown.sum();
  }

  /**
   * Bytes copied by completed migrations.
   *
   * @return the byte count
   */
  public long bytesMigrated() {
    return bytesMigrated.sum();
  }

  /**
   * Spills.
   *
   * @return the count
   */
  public long spills() {
    return spills.sum();
  }

  /**
   * Failed migrations.
   *
   * @return the count
   */
  public long failures() {
    return failures.sum();
  }

  /**
   * The last recorded error.
   *
   * @return its message, or an empty string
   */
  public String lastError() {
    return lastError.get();
  }

  /** Records a policy round that began at {@code startNanos} ({@link System#nanoTime}). */
  void policyRound(long startNanos) {
    policyRoundMicros.recordMicrosSince(startNanos);
  }

  /** The manager's histograms by name, for JMX. */
  Map<String, WindowedHistogram> histograms() {
    return Map.of(
        "migration_duration_millis", migrationDurationMillis,
        "migration_bytes", migrationBytes,
        "policy_round_micros", policyRoundMicros);
  }
}
