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

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.channels.FileChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state-changing calls of the tier SPI as tiering makes them: a call may fail after its effect
 * (a file tier's rename succeeds, then the directory fsync fails), so after any exception the tier
 * is asked which state it is in. Each method either returns with its effect in place, or throws
 * with the tier as it was (nothing left half-done by this call).
 *
 * <p>A call that took effect but threw is reported by its return value, a {@link TierEffect} that
 * says the effect may not be durable.
 */
final class TierCalls {
  private static final Logger LOG = LoggerFactory.getLogger(TierCalls.class);

  private TierCalls() {}

  /**
   * Deletes a complete key.
   *
   * @return the effect: durable, or a delete that took effect but threw
   * @throws IOException when the key is still there (or the tier cannot say)
   */
  static TierEffect delete(RankedTier tier, String key) throws IOException {
    try {
      tier.tier().delete(key);
      return TierEffect.durable();
    } catch (IOException | RuntimeException e) {
      return afterEffect(e, !probe(e, () -> tier.tier().exists(key)), "delete", tier, key);
    }
  }

  /**
   * Deletes a complete key that nobody owns; a failure after the effect is only logged.
   *
   * @throws IOException when the key is still there
   */
  static void deleteComplete(RankedTier tier, String key) throws IOException {
    delete(tier, key).logIfNotDurable("delete", tier, key);
  }

  /**
   * Renames a complete key on one tier.
   *
   * @return the effect: durable, or a rename that took effect but threw
   * @throws IOException when {@code from} is still there
   */
  static TierEffect rename(RankedTier tier, String from, String to) throws IOException {
    try {
      tier.tier().rename(from, to);
      return TierEffect.durable();
    } catch (IOException | RuntimeException e) {
      boolean done =
          !probe(e, () -> tier.tier().exists(from)) && probe(e, () -> tier.tier().exists(to));
      return afterEffect(e, done, "rename to " + to, tier, from);
    }
  }

  /**
   * Publishes an incomplete key. After a failure the publish counts as done only when the
   * incomplete key is gone and a complete one of its size is there: a complete copy of the name
   * alone may be someone else's, and taking it for ours would have it removed or served.
   *
   * @param sizeBytes the size the published key has
   * @return the effect: durable, or a publish that took effect but threw
   * @throws IOException when the key is not complete on the tier
   */
  static TierEffect publish(RankedTier tier, String key, long sizeBytes) throws IOException {
    try {
      tier.tier().publish(key);
      return TierEffect.durable();
    } catch (IOException | RuntimeException e) {
      StorageTier t = tier.tier();
      boolean done =
          !probe(e, () -> t.incompleteKeys().contains(key))
              && probe(e, () -> t.exists(key) && t.size(key) == sizeBytes);
      return afterEffect(e, done, "publish", tier, key);
    }
  }

  /**
   * Creates an incomplete key; after a failure, an incomplete copy the call left is discarded.
   *
   * @return the channel
   * @throws IOException when it could not be created
   */
  static FileChannel createIncomplete(RankedTier tier, String key, SizeHint hint)
      throws IOException {
    try {
      return tier.tier().createIncomplete(key, hint);
    } catch (IOException | RuntimeException e) {
      if (!(e instanceof java.nio.file.FileAlreadyExistsException)) {
        discardQuietly(tier, key, e);
      }
      throw e;
    }
  }

  /**
   * Discards an incomplete key, with this thread's interrupt status clear (see {@link
   * #uninterrupted}); failures are attached to {@code cause}.
   */
  static void discardQuietly(RankedTier tier, String key, Throwable cause) {
    uninterrupted(
        () -> {
          try {
            StorageTier t = tier.tier();
            if (t.incompleteKeys().contains(key)) {
              t.discardIncomplete(key);
            }
          } catch (IOException | RuntimeException e) {
            if (cause != null) {
              cause.addSuppressed(e);
            }
            LOG.warn(
                "discarding an incomplete copy failed, recovery discards it: key={}, tier={}",
                key,
                tier,
                e);
          }
        });
  }

  /**
   * Runs a cleanup with this thread's interrupt status clear, then sets it again: an interrupt that
   * made an operation fail must not make its cleanup fail too (a file tier's directory fsync throws
   * {@code ClosedByInterruptException} on an interrupted thread).
   *
   * @param cleanup the cleanup
   */
  static void uninterrupted(Runnable cleanup) {
    boolean interrupted = Thread.interrupted();
    try {
      cleanup.run();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** A query of the tier's state. */
  @FunctionalInterface
  private interface Probe {
    boolean ask() throws IOException;
  }

  /**
   * Asks the tier; when that fails too, the call's failure is rethrown with the probe's attached.
   */
  private static boolean probe(Exception callFailure, Probe probe) throws IOException {
    try {
      return probe.ask();
    } catch (IOException | RuntimeException e) {
      callFailure.addSuppressed(e);
      throw rethrow(callFailure);
    }
  }

  private static TierEffect afterEffect(
      Exception e, boolean done, String call, RankedTier tier, String key) throws IOException {
    if (!done) {
      throw rethrow(e);
    }
    IOException late = asIo(e);
    LOG.debug("{} failed after its effect: key={}, tier={}", call, key, tier, late);
    return TierEffect.notDurable(late);
  }

  /** The exception itself when it is an I/O or unchecked one: unchecked ones are thrown here. */
  private static IOException rethrow(Exception e) {
    if (e instanceof RuntimeException re) {
      throw re;
    }
    return (IOException) e;
  }

  static IOException asIo(Exception e) {
    return e instanceof IOException io ? io : new IOException(e.getMessage(), e);
  }
}
