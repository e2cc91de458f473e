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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * How every operation enters a {@link KafkaSegmentStore}: on an open store only, Kafka's operations
 * under the shared side of one lock and only when no segment they name is in a refused log dir
 * ({@link RefusedLogDirs}), a reconcile action or a restore under the exclusive side, so that none
 * of them interleaves with an operation of Kafka's. The store's closed state is here too, set under
 * the exclusive side, so no operation starts on a store being closed. Thread-safe.
 */
final class StoreGate {

  /**
   * An operation on the store, with a result.
   *
   * @param <T> the result
   */
  interface SegmentCall<T> {
    /**
     * Runs the operation.
     *
     * @return its result
     * @throws IOException when the tiers fail
     */
    T call() throws IOException;
  }

  /** An operation on the store, without a result. */
  interface SegmentRun {
    /**
     * Runs the operation.
     *
     * @throws IOException when the tiers fail
     */
    void run() throws IOException;
  }

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final TierManager manager;
  private final RefusedLogDirs refusedDirs;
  private volatile boolean closed;

  /**
   * Creates the gate of a store.
   *
   * @param manager the store's tiers, named when an operation finds the store closed
   * @param refusedDirs the log dirs whose segments the store refuses
   */
  StoreGate(TierManager manager, RefusedLogDirs refusedDirs) {
    this.manager = manager;
    this.refusedDirs = refusedDirs;
  }

  /**
   * Runs an operation Kafka asks of the store: under the shared side of the lock, on an open store,
   * and only when no segment it names is in a refused log dir.
   *
   * @param <T> the result
   * @param operation the operation
   * @param segments the segments it names
   * @return its result
   * @throws IOException when a segment's log dir is refused, or the operation fails
   * @throws IllegalStateException when the store is closed
   */
  <T> T call(SegmentCall<T> operation, SegmentPath... segments) throws IOException {
    lock.readLock().lock();
    try {
      checkOpen();
      for (SegmentPath segment : segments) {
        refusedDirs.check(segment);
      }
      return operation.call();
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * {@link #call} for an operation without a result.
   *
   * @param operation the operation
   * @param segments the segments it names
   * @throws IOException when a segment's log dir is refused, or the operation fails
   * @throws IllegalStateException when the store is closed
   */
  void run(SegmentRun operation, SegmentPath... segments) throws IOException {
    call(
        () -> {
          operation.run();
          return null;
        },
        segments);
  }

  /**
   * Runs an operation under the exclusive side of the lock, on an open store: no operation of
   * Kafka's runs meanwhile.
   *
   * @param <T> the result
   * @param operation the operation
   * @return its result
   * @throws IOException when the operation fails
   * @throws IllegalStateException when the store is closed
   */
  <T> T exclusive(SegmentCall<T> operation) throws IOException {
    lock.writeLock().lock();
    try {
      checkOpen();
      return operation.call();
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * The exclusive side of the lock, for the reconciler to take around each action.
   *
   * @return the lock
   */
  Lock exclusiveLock() {
    return lock.writeLock();
  }

  /**
   * Fails when the store is closed.
   *
   * @throws IllegalStateException when it is
   */
  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("Kafka adapter closed: tiers=" + manager);
    }
  }

  /**
   * Closes the gate, under the exclusive side of the lock: waits for the operations in progress
   * under either side, and none starts after (a reconcile pass in progress may still take the
   * exclusive lock for its actions).
   *
   * @return whether this call closed it ({@code false} when it was closed already)
   */
  boolean close() {
    lock.writeLock().lock();
    try {
      if (closed) {
        return false;
      }
      closed = true;
      return true;
    } finally {
      lock.writeLock().unlock();
    }
  }
}
