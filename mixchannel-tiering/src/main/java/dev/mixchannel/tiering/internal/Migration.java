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

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.Arrays;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt to move a key from a source tier to a target tier, as a state machine: the protocol
 * of DESIGN.md in its three steps — <b>1. create</b> the destination incomplete, <b>2. copy</b> in
 * chunks while the key stays writable, <b>3. switch</b> under the exclusive lock (catch up, publish
 * the destination, which the tier makes durable, remove the source, point the key at the
 * destination). {@link Migrator} runs steps 1 and 2 and takes the lock of step 3; {@link Switcher}
 * runs the rest of step 3, for migrations and spills alike. Each transition is a method that checks
 * the phase it starts from; nothing else writes the attempt's state.
 *
 * <p>Phases: {@link Phase#MARKED} → {@link Phase#CREATED} → {@link Phase#PUBLISHED} → {@link
 * Phase#SWITCHED}; from any of the first three, {@link Phase#ROLLED_BACK}. The key's lock guards
 * every transition (the shared side for {@link #created}, the exclusive side for the others), so
 * the migrating thread and one that cancels the attempt (a rename, delete or spill of the key)
 * never race.
 */
final class Migration {
  private static final Logger LOG = LoggerFactory.getLogger(Migration.class);

  /** Where an attempt is. */
  enum Phase {
    /** Step 1 began: the key is marked, writes record the lowest offset they touch. */
    MARKED,
    /** Step 1 done, step 2 runs: the incomplete destination exists. */
    CREATED,
    /** Step 3: the destination is published; the key is complete on both tiers. */
    PUBLISHED,
    /** Done: the key is on the target tier. */
    SWITCHED,
    /** Done: the key stays on the source tier; the destination is discarded or accounted for. */
    ROLLED_BACK
  }

  private final String key;
  private final RankedTier source;
  private final RankedTier target;
  private final long startSizeBytes;

  private Phase phase = Phase.MARKED;
  private FileChannel destination;
  private Backing retiredSource;
  private IOException reportAfterSwitch;

  /**
   * Begins an attempt: the caller marks the key with it ({@link TieredKey#startMigration}).
   *
   * @param key the key
   * @param source the tier it is on
   * @param target the tier it moves to
   * @param startSizeBytes its size when the attempt began
   */
  Migration(String key, RankedTier source, RankedTier target, long startSizeBytes) {
    this.key = key;
    this.source = source;
    this.target = target;
    this.startSizeBytes = startSizeBytes;
  }

  String key() {
    return key;
  }

  RankedTier source() {
    return source;
  }

  RankedTier target() {
    return target;
  }

  long startSizeBytes() {
    return startSizeBytes;
  }

  synchronized Phase phase() {
    return phase;
  }

  /**
   * Step 1 done: the incomplete destination exists. {@link Phase#MARKED} → {@link Phase#CREATED}.
   *
   * @param dst its channel, owned by this attempt from now on
   */
  synchronized void created(FileChannel dst) {
    expect(Phase.MARKED);
    destination = dst;
    phase = Phase.CREATED;
  }

  /** The destination's channel, in {@link Phase#CREATED} and {@link Phase#PUBLISHED}. */
  synchronized FileChannel destination() {
    expect(Phase.CREATED, Phase.PUBLISHED);
    return destination;
  }

  /** Step 3: the destination is complete. {@link Phase#CREATED} → {@link Phase#PUBLISHED}. */
  synchronized void published() {
    expect(Phase.CREATED);
    phase = Phase.PUBLISHED;
  }

  /**
   * Step 3 done: points the key at the destination. {@link Phase#PUBLISHED} → {@link
   * Phase#SWITCHED}. The caller holds the key's exclusive side (and has moved its file locks) and
   * closes the replaced source with {@link #closeRetiredSource()} after releasing it.
   *
   * @param k the key
   * @param sizeBytes its size now
   */
  synchronized void switched(TieredKey k, long sizeBytes) {
    expect(Phase.PUBLISHED);
    retiredSource = k.switchTo(new Backing(destination, target));
    k.activity().cachedSizeBytes(sizeBytes);
    phase = Phase.SWITCHED;
    k.mark().end(this);
  }

  /**
   * A failure to report once the key is switched (a call that took effect and threw, a clean-up
   * that failed): the migration happened, and its caller hears of it. The first one is kept.
   *
   * @param failure the failure
   */
  synchronized void reportAfterSwitch(IOException failure) {
    expect(Phase.SWITCHED);
    if (reportAfterSwitch == null) {
      reportAfterSwitch = failure;
    }
  }

  /** The failure {@link #reportAfterSwitch} recorded, if any. */
  synchronized Optional<IOException> reportedAfterSwitch() {
    return Optional.ofNullable(reportAfterSwitch);
  }

  /**
   * Ends the attempt on the source: the key stops tracking writes, the destination is closed and,
   * when still incomplete, discarded (a published one the caller removed or recorded as stale).
   * {@link Phase#MARKED}, {@link Phase#CREATED} or {@link Phase#PUBLISHED} → {@link
   * Phase#ROLLED_BACK}; nothing once the attempt is done. The caller holds the key's exclusive
   * side.
   *
   * @param k the key
   * @param failure the failure that ended it, for a discard failure to attach to; or {@code null}
   */
  synchronized void rollBack(TieredKey k, Throwable failure) {
    k.mark().end(this);
    if (phase == Phase.SWITCHED || phase == Phase.ROLLED_BACK) {
      return;
    }
    Phase was = phase;
    phase = Phase.ROLLED_BACK;
    closeLogged(destination, "closing the destination failed");
    if (was == Phase.CREATED) {
      TierCalls.discardQuietly(target, key, failure);
    }
  }

  /** Closes the backing channel the switch replaced, if any; without the key's lock. Idempotent. */
  void closeRetiredSource() {
    Backing retired;
    synchronized (this) {
      retired = retiredSource;
      retiredSource = null;
    }
    closeLogged(
        retired == null ? null : retired::closeIfRetired,
        "closing the replaced source channel failed");
  }

  /**
   * Closes a channel this attempt is done with, if any; a failure is logged (the attempt's outcome
   * does not depend on it).
   */
  private void closeLogged(Closeable channel, String failed) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      LOG.debug(failed + ": {}", describe(), e);
    }
  }

  /**
   * Tells the test hook the attempt reached a step.
   *
   * @param step the step
   * @param hook the hook
   * @throws IOException what the hook injects
   */
  void reached(MigrationStep step, MigrationHook hook) throws IOException {
    hook.at(step, key, source.name(), target.name());
  }

  /**
   * The attempt in every message: {@code key=<key>, from=<tier>, to=<tier>}.
   *
   * @return the description
   */
  String describe() {
    return "key=" + key + ", from=" + source + ", to=" + target;
  }

  private void expect(Phase... allowed) {
    if (!Arrays.asList(allowed).contains(phase)) {
      throw new IllegalStateException(
          "migration in the wrong phase: "
              + describe()
              + ", phase="
              + phase
              + ", expected="
              + Arrays.toString(allowed));
    }
  }

  @Override
  public String toString() {
    return "migration[" + describe() + ", " + phase() + "]";
  }
}
