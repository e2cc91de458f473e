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
package dev.mixchannel.tiering;

import dev.mixchannel.api.DivergentCopiesException;
import dev.mixchannel.api.MigrationException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierProvider;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.tiering.internal.ManagerCore;
import dev.mixchannel.tiering.internal.MigrationHook;
import dev.mixchannel.tiering.internal.TierOpener;
import dev.mixchannel.tiering.internal.TierProviders;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The one object a user holds: it owns the tiers of a {@link MixChannelConfig}, opens {@link
 * MixChannel}s on keys, and moves keys between tiers in the background.
 *
 * <p><b>Open and recovery.</b> {@link #open(MixChannelConfig)} opens every tier (each locks its
 * directories, so a second manager on the same storage fails with {@code StorageInUseException}),
 * then recovers: incomplete migration copies are discarded, and a key complete on several tiers is
 * compared copy against copy (sizes, then bytes): identical copies (what a crash inside a
 * migration's switch leaves) keep the fastest tier's copy and lose the others. Copies that differ
 * mean something wrote outside the protocol (a host system started without its adapter, a copy by
 * hand): both are kept and the key is <em>refused</em> — every operation on it throws {@link
 * DivergentCopiesException} naming the key, both tiers, how they differ and the command that keeps
 * one ({@link #resolveDivergent}); the other keys are served. A key whose copy a tier refuses
 * ({@link dev.mixchannel.api.StorageTier#refusedKeys()}: a PMem slot whose checks failed) is
 * refused the same way, with {@link dev.mixchannel.api.RefusedCopyException} wherever this page
 * names {@code DivergentCopiesException}: it is served from no other tier and never created anew,
 * which would hide what that copy holds. Methods whose signature cannot throw a refusal ({@link
 * #exists}, {@link #tierOf}, {@link #seal}) throw an {@link java.io.UncheckedIOException} whose
 * cause it is; {@link #keys} lists only the keys served and {@link #refusedKeys()} the refused
 * ones, so a caller that must account for every key (an evacuation) asks both. Several managers on
 * different directories work independently in one JVM.
 *
 * <p><b>Placement and spill.</b> A new key goes to the fastest tier whose {@code hasRoomFor(size
 * hint)} holds, else the next. When a write needs room its PMem tier does not have, the key moves
 * to the next slower tier with room inside that write (a spill) and the write succeeds; a write
 * fails with {@link TierFullException} only when no tier has room.
 *
 * <p><b>Migration.</b> Unless the configuration turns it off (threshold {@code -1}), a policy
 * thread ({@code mixchannel-policy-1}) runs the {@link MigrationPolicy} every {@code interval.ms}
 * and copy workers ({@code mixchannel-migrate-<n>}) carry out its requests, rate-limited. Keys stay
 * readable and writable throughout; the crash-safe protocol is described in the package docs. Each
 * completed migration logs one INFO line; failures roll back, are counted, logged and recorded as
 * last error, and the key backs off (exponentially, capped) before it is retried.
 *
 * <p><b>Observability.</b> {@link #stats()}, and MXBeans registered as {@code
 * dev.mixchannel:type=TierManager,name=<id>} and {@code
 * dev.mixchannel:type=Tier,manager=<id>,name=<tier>} (the id is the first tier's first path, with
 * {@code -2}, {@code -3}, ... appended when taken).
 *
 * <p><b>Thread-safety.</b> All methods may be called from any thread. After {@link #close()} they
 * throw {@link IllegalStateException} naming the key, and every channel throws {@link
 * java.nio.channels.ClosedChannelException}.
 */
public interface TierManager extends AutoCloseable {

  /**
   * Opens a manager with the default policy, the system clock and the background migrator.
   *
   * @param config the configuration
   * @return the manager; the caller closes it
   * @throws IOException when a tier cannot be opened or recovered
   */
  static TierManager open(MixChannelConfig config) throws IOException {
    return builder(config).build();
  }

  /**
   * A builder for a manager with a custom policy, clock or no background migrator.
   *
   * @param config the configuration
   * @return the builder
   */
  static Builder builder(MixChannelConfig config) {
    return new Builder(config);
  }

  /**
   * Opens a handle on a key, with the options of {@code FileChannel.open}: {@code READ}, {@code
   * WRITE}, {@code APPEND}, {@code CREATE}, {@code CREATE_NEW}, {@code TRUNCATE_EXISTING}, plus a
   * {@link SizeHint} for placement of a new key. {@code SPARSE} and {@code NOFOLLOW_LINKS} are
   * ignored; {@code SYNC}/{@code DSYNC} force after each write; {@code DELETE_ON_CLOSE} deletes the
   * key when its last handle closes.
   *
   * @param key the key (see {@link dev.mixchannel.api.StorageTier} for valid keys)
   * @param options the options
   * @return a new handle; the caller closes it
   * @throws NoSuchFileException when the key does not exist and no create option applies
   * @throws FileAlreadyExistsException for {@code CREATE_NEW} on an existing key
   * @throws TierFullException when a new key fits on no tier
   * @throws DivergentCopiesException when the key is refused (its copies differ)
   * @throws dev.mixchannel.api.MixChannelException when a new key is refused because a tier holds a
   *     complete copy of it that the manager does not know (see {@link #adopt})
   * @throws IllegalArgumentException for a bad key or option combination
   * @throws UnsupportedOperationException for an unknown option
   * @throws IllegalStateException when the manager is closed
   * @throws IOException when a tier fails
   */
  MixChannel open(String key, OpenOption... options) throws IOException;

  /**
   * Whether a key exists (on any tier).
   *
   * @param key the key
   * @return whether it exists
   * @throws java.io.UncheckedIOException with a {@link DivergentCopiesException} cause when the key
   *     is refused (its copies differ)
   * @throws IllegalStateException when the manager is closed
   */
  boolean exists(String key);

  /**
   * Renames a key, replacing {@code to} if it exists; open handles of {@code from} keep working and
   * report the new key, open handles of a replaced {@code to} keep its old bytes until they close.
   *
   * <p>On one tier the rename is atomic. When {@code to} exists on another tier, two tier
   * operations are needed: {@code to} is deleted first, then {@code from} renamed, so that no crash
   * leaves two complete copies of {@code to} (recovery would refuse a key whose copies differ). A
   * crash between the two steps leaves {@code from} under its old name and no {@code to} (the
   * replacement is then not atomic).
   *
   * @param from the existing key
   * @param to the new key
   * @throws NoSuchFileException when {@code from} does not exist
   * @throws DivergentCopiesException when {@code from} or {@code to} is refused (its copies differ)
   * @throws IllegalStateException when the manager is closed
   * @throws IOException when a tier fails; when the tier renamed the key and failed only to make
   *     that durable, the manager follows the rename and the exception says it may not survive a
   *     power loss
   */
  void rename(String from, String to) throws IOException;

  /**
   * Deletes a key at once; open handles keep its bytes readable and writable until the last one
   * closes.
   *
   * @param key the key
   * @return {@code true} when it existed
   * @throws DivergentCopiesException when the key is refused (its copies differ; {@link
   *     #resolveDivergent} keeps one, which may then be deleted)
   * @throws IllegalStateException when the manager is closed
   * @throws IOException when the tier fails; when the tier deleted the key and failed only to make
   *     that durable (a directory fsync), the key is gone from the manager too and the exception
   *     says the delete may not survive a power loss
   */
  boolean delete(String key) throws IOException;

  /**
   * The keys on all tiers that are served: a key refused because its copies differ is not listed
   * ({@link #divergentKeys()} lists those; every operation on one still throws {@link
   * DivergentCopiesException}, so a caller that finds its name elsewhere, such as a file of its
   * own, cannot open, delete or overwrite it). One refused key leaves the listing of the others
   * intact; a caller that must account for every key (an evacuation) asks both.
   *
   * @return a sorted snapshot
   * @throws IllegalStateException when the manager is closed
   */
  List<String> keys();

  /**
   * The keys refused because their complete copies on two tiers differ (see the class
   * documentation); each stays refused until {@link #resolveDivergent} keeps one of its copies.
   * {@link #refusedKeys()} lists these and the keys refused for other reasons.
   *
   * @return a sorted snapshot, empty when none is refused
   * @throws IllegalStateException when the manager is closed
   */
  List<String> divergentKeys();

  /**
   * Every refused key: those whose copies differ ({@link #divergentKeys()}) and those whose copy a
   * tier refuses ({@link dev.mixchannel.api.RefusedCopyException}). Every operation on one throws
   * its refusal; {@link #keys()} does not list them. A caller that must account for every key (an
   * evacuation, a host system's start) asks this and {@link #keys()}.
   *
   * @return a sorted snapshot, empty when none is refused
   * @throws IllegalStateException when the manager is closed
   */
  List<String> refusedKeys();

  /**
   * Resolves a refused key: keeps its copy on one tier, removes every other copy durably, and
   * serves the key from that tier from now on. What the removed copy alone held is gone: an
   * operator chooses (the tool's {@code resolve} command calls this). Running it again after it
   * succeeded does nothing. A crash while it runs leaves the copies not yet removed, which the next
   * recovery compares again.
   *
   * @param key the refused key
   * @param keepTier the name of the tier whose copy is kept
   * @return the names of the tiers whose copies were removed, empty when the key was served from
   *     {@code keepTier} already
   * @throws IllegalArgumentException for an unknown tier, a key that is not refused (and not served
   *     from {@code keepTier}), a key refused because a tier refuses its copy (no choice of copy
   *     resolves that), or a tier that holds no copy of it
   * @throws IllegalStateException when the manager is closed
   * @throws IOException when a tier fails (the key stays refused); when a removal took effect and
   *     only its durability is in doubt, the exception comes after the key is served
   */
  List<String> resolveDivergent(String key, String keepTier) throws IOException;

  /**
   * The tier that holds a key now.
   *
   * @param key the key
   * @return the tier's name
   * @throws NoSuchFileException when the key does not exist
   * @throws java.io.UncheckedIOException with a {@link DivergentCopiesException} cause when the key
   *     is refused (its copies differ)
   * @throws IllegalStateException when the manager is closed
   */
  String tierOf(String key) throws NoSuchFileException;

  /**
   * Moves a key to a tier now, with the background protocol (rate-limited, the key stays usable),
   * and returns when the key is switched. Waits first for a migration of the key in flight. Works
   * when background migration is off.
   *
   * @param key the key
   * @param tierName the target tier
   * @throws IllegalArgumentException for an unknown tier
   * @throws NoSuchFileException when the key does not exist
   * @throws DivergentCopiesException when the key is refused (its copies differ)
   * @throws MigrationException when the migration failed and was rolled back
   * @throws IllegalStateException when the manager is closed
   * @throws IOException when a failure after the publish left an error to report
   */
  void migrate(String key, String tierName) throws IOException;

  /**
   * Marks a key as sealed, as {@link MixChannel#seal()} does, without a handle: no more writes are
   * expected, so the policy may demote it. Adapters use it to pass their system's rule (Kafka: a
   * segment that is not the newest of its partition).
   *
   * @param key the key
   * @throws NoSuchFileException when the key does not exist
   * @throws java.io.UncheckedIOException with a {@link DivergentCopiesException} cause when the key
   *     is refused (its copies differ)
   * @throws IllegalStateException when the manager is closed
   */
  void seal(String key) throws NoSuchFileException;

  /**
   * Moves a key to a tier now (as {@link #migrate}) and keeps it there: the policy does not move it
   * until the hold is closed. Adapters use it around a reader that reads the key's bytes by path on
   * the last tier (Kafka's tiered storage uploading a segment file).
   *
   * @param key the key
   * @param tierName the tier
   * @return the hold; the caller closes it
   * @throws IllegalArgumentException for an unknown tier
   * @throws NoSuchFileException when the key does not exist
   * @throws DivergentCopiesException when the key is refused (its copies differ)
   * @throws MigrationException when the move failed (the key is not held then)
   * @throws IllegalStateException when the manager is closed
   * @throws IOException when a tier fails
   */
  KeyHold hold(String key, String tierName) throws IOException;

  /**
   * Indexes a key that a tier holds but the manager does not know: one that appeared after the
   * manager opened (a directory of a tier that was offline came back, say). Recovery's rule
   * applies: the fastest complete copy is kept and a copy on a slower tier removed when identical;
   * when they differ the key is refused from now on. A key the manager knows is left as it is.
   *
   * @param key the key
   * @return whether the manager knows the key now
   * @throws DivergentCopiesException when the key is refused (its copies differ)
   * @throws IllegalStateException when the manager is closed
   * @throws IOException when a tier fails
   */
  boolean adopt(String key) throws IOException;

  /**
   * Occupancy of each tier and the migration counters.
   *
   * @return a snapshot
   * @throws IllegalStateException when the manager is closed
   */
  MixChannelStats stats();

  /**
   * Stops the migrator (migrations in flight roll back), closes every handle and tier and
   * unregisters the MXBeans. Idempotent.
   *
   * @throws IOException when closing a tier failed; everything is still released
   */
  @Override
  void close() throws IOException;

  /** Builds a {@link TierManager}. Not thread-safe. */
  final class Builder {
    private final MixChannelConfig config;
    private MigrationPolicy policy = new WatermarkPolicy();
    private Clock clock = Clock.systemUTC();
    private boolean startMigrator = true;
    private MigrationHook hook = MigrationHook.NONE;
    private TierOpener opener;
    private final List<TierProvider> providers = new ArrayList<>();
    private UnaryOperator<StorageTier> wrapper = UnaryOperator.identity();
    private final List<StorageTier> extraTiers = new ArrayList<>();
    private boolean acceptLayout;

    private Builder(MixChannelConfig config) {
      this.config = Objects.requireNonNull(config, "config");
    }

    /**
     * Sets the migration policy.
     *
     * @param policy the policy; default {@link WatermarkPolicy}
     * @return this builder
     */
    public Builder policy(MigrationPolicy policy) {
      this.policy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * Sets the clock for write times, idle sealing and back-off.
     *
     * @param clock the clock; default the system UTC clock
     * @return this builder
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Sets whether the policy runs on its own thread every interval.
     *
     * @param start {@code false} to drive the policy only through tests; default {@code true}
     * @return this builder
     */
    public Builder startMigrator(boolean start) {
      this.startMigrator = start;
      return this;
    }

    Builder hook(MigrationHook hook) {
      this.hook = Objects.requireNonNull(hook, "hook");
      return this;
    }

    /**
     * Adds a provider of tiers: a configured tier whose {@code mixchannel.tier.<name>.provider} is
     * the provider's name is opened by it (see {@link TierProvider}). Providers given here take
     * precedence over the built-in ones and over those the {@link java.util.ServiceLoader} finds.
     *
     * @param provider the provider
     * @return this builder
     */
    public Builder tierProvider(TierProvider provider) {
      providers.add(Objects.requireNonNull(provider, "provider"));
      return this;
    }

    Builder tierOpener(TierOpener opener) {
      this.opener = Objects.requireNonNull(opener, "opener");
      return this;
    }

    /**
     * Adds a tier of the caller's own after the configuration's tiers, as the slowest so far: a
     * {@link StorageTier} implementation the configuration cannot name (an adapter's, or a user's).
     * The manager owns it from {@link #build()} on and closes it (also when {@code build} fails).
     * Its name must differ from every other tier's. The configuration's migration settings apply to
     * it as to the others.
     *
     * @param tier the open tier
     * @return this builder
     */
    public Builder tier(StorageTier tier) {
      extraTiers.add(Objects.requireNonNull(tier, "tier"));
      return this;
    }

    /**
     * Wraps each tier once it is open and before recovery reads it: to instrument a tier, or to
     * model slower media (a benchmark throttles its disk tier to an HDD's rate this way). The
     * wrapper is called once per configured tier, fastest first, and returns the tier itself or a
     * {@link StorageTier} that delegates to it with the same name and kind; the manager then uses
     * and closes only what the wrapper returned, whose {@code close()} must close the wrapped tier.
     * When the wrapper throws, the tier it was given is closed.
     *
     * @param wrapper the wrapper; default none
     * @return this builder
     */
    public Builder tierWrapper(UnaryOperator<StorageTier> wrapper) {
      this.wrapper = Objects.requireNonNull(wrapper, "wrapper");
      return this;
    }

    /**
     * Accepts the directories of the configuration's tiers as they are, once: by default a manager
     * refuses to open when a directory it wrote is missing its marker, lost its pool file, moved to
     * another tier or is no longer configured ({@link dev.mixchannel.api.TierLayoutException}),
     * since the tier would open empty and its keys vanish. After an intended change (a tier
     * evacuated and removed, data gone for good), this opens anyway and records the layout as
     * configured; the tool's {@code accept-layout} calls it.
     *
     * @return this builder
     */
    public Builder acceptLayoutChange() {
      this.acceptLayout = true;
      return this;
    }

    /**
     * Opens the manager.
     *
     * @return the manager; the caller closes it
     * @throws dev.mixchannel.api.TierLayoutException when a directory of the configuration is not
     *     the one this manager wrote (see {@link #acceptLayoutChange()}); nothing is opened or
     *     created then
     * @throws IOException when a tier cannot be opened or recovered
     */
    public TierManager build() throws IOException {
      TierOpener open = opener != null ? opener : new TierProviders(providers);
      UnaryOperator<StorageTier> wrap = wrapper;
      TierOpener wrapped = (tier, cfg) -> wrap(open.open(tier, cfg), wrap);
      List<StorageTier> extra = new ArrayList<>();
      for (StorageTier tier : extraTiers) {
        extra.add(wrap(tier, wrap));
      }
      return ManagerCore.open(
          config, extra, policy, clock, startMigrator, hook, wrapped, acceptLayout);
    }

    private static StorageTier wrap(StorageTier tier, UnaryOperator<StorageTier> wrapper)
        throws IOException {
      try {
        StorageTier wrapped = wrapper.apply(tier);
        if (wrapped == null) {
          throw new NullPointerException("tier wrapper returned null: tier=" + tier.name());
        }
        return wrapped;
      } catch (RuntimeException e) {
        Closeables.closeQuietly(e, tier);
        throw e;
      }
    }
  }
}
