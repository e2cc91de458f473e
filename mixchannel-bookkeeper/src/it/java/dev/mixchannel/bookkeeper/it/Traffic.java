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
package dev.mixchannel.bookkeeper.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Enumeration;
import java.util.NavigableSet;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.client.BKException;
import org.apache.bookkeeper.client.LedgerEntry;
import org.apache.bookkeeper.client.LedgerHandle;

/**
 * Writes 1 KiB entries whose bytes follow from (ledger, entry), with a window of adds in flight,
 * and checks them when read back. Every wait is bounded.
 */
public final class Traffic {

  /** The entry size. */
  public static final int ENTRY_BYTES = 1024;

  private static final long WAIT_SECONDS = 120;

  private Traffic() {}

  /**
   * The bytes of an entry.
   *
   * @param ledgerId the ledger
   * @param entryId the entry
   * @return 1 KiB of pseudo-random bytes
   */
  public static byte[] entry(long ledgerId, long entryId) {
    byte[] bytes = new byte[ENTRY_BYTES];
    new SplittableRandom(ledgerId * 1_000_003L + entryId).nextBytes(bytes);
    return bytes;
  }

  /**
   * Adds entries asynchronously, at most {@code inFlight} at a time, and runs an action once {@code
   * actionAfter} are acknowledged (while adds are in flight); stops adding at the first failure.
   *
   * @param ledger the ledger
   * @param count how many entries to add
   * @param inFlight the window
   * @param actionAfter how many acknowledgements before the action, or -1 for none
   * @param action what to run then (such as killing a bookie)
   * @return the ids of the acknowledged entries
   * @throws Exception when the action fails or the adds do not finish in time
   */
  public static NavigableSet<Long> write(
      LedgerHandle ledger, int count, int inFlight, int actionAfter, ThrowingRunnable action)
      throws Exception {
    NavigableSet<Long> acked = new ConcurrentSkipListSet<>();
    Semaphore window = new Semaphore(inFlight);
    AtomicInteger failures = new AtomicInteger();
    CountDownLatch actionDue = new CountDownLatch(actionAfter < 0 ? 0 : 1);
    Thread actor =
        new Thread(
            () -> {
              try {
                if (actionAfter >= 0 && actionDue.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                  action.run();
                }
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            },
            "traffic-action");
    actor.start();
    int submitted = 0;
    for (long id = 0; id < count && failures.get() == 0; id++) {
      if (!window.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)) {
        throw new IllegalStateException("adds stalled: acked=" + acked.size());
      }
      submitted++;
      ledger.asyncAddEntry(
          entry(ledger.getId(), id),
          (rc, lh, entryId, ctx) -> {
            if (rc == BKException.Code.OK) {
              acked.add(entryId);
              if (acked.size() == actionAfter) {
                actionDue.countDown();
              }
            } else {
              failures.incrementAndGet();
            }
            window.release();
          },
          null);
    }
    if (!window.tryAcquire(inFlight, WAIT_SECONDS, TimeUnit.SECONDS)) {
      throw new IllegalStateException("adds did not finish: submitted=" + submitted);
    }
    actionDue.countDown();
    actor.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    assertThat(actor.isAlive()).as("action finished").isFalse();
    return acked;
  }

  /**
   * Reads entries {@code 0..last} and checks every acknowledged one.
   *
   * @param ledger the ledger, opened for reading
   * @param last the last entry id to read
   * @param acked the acknowledged ids
   * @return how many entries were read
   * @throws Exception when a read fails
   */
  public static int verify(LedgerHandle ledger, long last, NavigableSet<Long> acked)
      throws Exception {
    int read = 0;
    for (long first = 0; first <= last; first += 1000) {
      long to = Math.min(last, first + 999);
      Enumeration<LedgerEntry> entries = ledger.readUnconfirmedEntries(first, to);
      while (entries.hasMoreElements()) {
        LedgerEntry entry = entries.nextElement();
        if (acked.contains(entry.getEntryId())) {
          assertThat(entry.getEntry())
              .as("entry %d of ledger %d", entry.getEntryId(), ledger.getId())
              .isEqualTo(entry(ledger.getId(), entry.getEntryId()));
        }
        read++;
      }
    }
    return read;
  }

  /**
   * Adds entries with 64 in flight and kills a bookie with SIGKILL once {@code killAfter} are
   * acknowledged, while adds are in flight; checks that at least that many were acknowledged, in
   * order.
   *
   * @param ledger the ledger
   * @param victim the bookie to kill
   * @param killAfter acknowledgements before the kill
   * @return the ids of the acknowledged entries
   * @throws Exception when the adds or the kill fail
   */
  public static NavigableSet<Long> writeUntilKilled(
      LedgerHandle ledger, BookieProcess victim, int killAfter) throws Exception {
    NavigableSet<Long> acked = write(ledger, 100_000, 64, killAfter, victim::kill);
    assertThat(acked.size()).isGreaterThanOrEqualTo(killAfter);
    assertThat(acked.last()).as("acknowledged in order").isEqualTo(acked.size() - 1L);
    return acked;
  }

  /**
   * Opens a ledger with recovery and checks that it holds every acknowledged entry with its bytes.
   *
   * @param cluster the cluster
   * @param ledgerId the ledger
   * @param acked the acknowledged ids
   * @throws Exception when opening or reading fails
   */
  public static void recoverAndVerify(
      BookieCluster cluster, long ledgerId, NavigableSet<Long> acked) throws Exception {
    LedgerHandle recovered = cluster.openLedger(ledgerId);
    long last = recovered.getLastAddConfirmed();
    assertThat(last).isGreaterThanOrEqualTo(acked.last());
    assertThat(verify(recovered, last, acked)).isEqualTo(last + 1);
  }

  /** A runnable that may throw. */
  @FunctionalInterface
  public interface ThrowingRunnable {
    /**
     * Runs.
     *
     * @throws Exception on failure
     */
    void run() throws Exception;
  }
}
