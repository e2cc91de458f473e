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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Manager-wide migration counters, the last error and the migration histograms. Thread-safe. */
final class ManagerCounters extends EventCounts<ManagerCounters.Count> {
  private static final Logger LOG = LoggerFactory.getLogger(ManagerCounters.class);

  /** What the manager counts. */
  enum Count {
    /** Completed promotions. */
    MIGRATIONS_UP,
    /** Completed demotions, spills included. */
    MIGRATIONS_DOWN,
    /** Bytes copied by completed migrations. */
    BYTES_MIGRATED,
    /** Spills. */
    SPILLS,
    /** Failed migrations. */
    FAILURES
  }

  private final WindowedHistogram migrationDurationMillis = new WindowedHistogram();
  private final WindowedHistogram migrationBytes = new WindowedHistogram();
  private final WindowedHistogram policyRoundMicros = new WindowedHistogram();

  ManagerCounters() {
    super(Count.class);
  }

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
      increment(Count.MIGRATIONS_UP);
      to.counters().increment(TierCounters.Count.MIGRATIONS_IN);
    } else {
      increment(Count.MIGRATIONS_DOWN);
      from.counters().increment(TierCounters.Count.MIGRATIONS_OUT);
    }
    if (spill) {
      increment(Count.SPILLS);
      from.counters().increment(TierCounters.Count.SPILLS);
    }
    add(Count.BYTES_MIGRATED, bytes);
  }

  /**
   * Records a failed (rolled back) migration.
   *
   * @param from the source tier
   * @param to the target tier
   * @param failure what went wrong
   */
  void failed(RankedTier from, RankedTier to, Throwable failure) {
    increment(Count.FAILURES);
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
    lastError(message);
    for (RankedTier tier : tiers) {
      if (tier != null) {
        tier.counters().lastError(message);
      }
    }
    LOG.debug("recorded error: {}", message, failure);
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
