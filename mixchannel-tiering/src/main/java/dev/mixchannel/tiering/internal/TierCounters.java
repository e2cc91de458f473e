package dev.mixchannel.tiering.internal;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** Migration counters of one tier. Thread-safe. */
final class TierCounters {
  final LongAdder migrationsIn = new LongAdder();
  final LongAdder migrationsOut = new LongAdder();
  final LongAdder spills = new LongAdder();
  final AtomicReference<String> lastError = new AtomicReference<>("");

  /**
   * Completed migrations into the tier from a slower one.
   *
   * @return the count
   */
  public long migrationsIn() {
    return migrationsIn.sum();
  }

  /**
   * Completed migrations out of the tier to a slower one, spills included.
   *
   * @return the count
   */
  public long migrationsOut() {
    return migrationsOut.sum();
  }

  /**
   * Spills out of the tier.
   *
   * @return the count
   */
  public long spills() {
    return spills.sum();
  }

  /**
   * The last error recorded for the tier.
   *
   * @return its message, or an empty string
   */
  public String lastError() {
    return lastError.get();
  }
}
