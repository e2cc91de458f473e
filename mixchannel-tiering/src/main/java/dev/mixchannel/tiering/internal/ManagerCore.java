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

import dev.mixchannel.api.ConfigKeys;
import dev.mixchannel.api.KeyRefusedException;
import dev.mixchannel.api.Keys;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.OpenOptions;
import dev.mixchannel.tiering.KeyHold;
import dev.mixchannel.tiering.MigrationPolicy;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.MixChannelStats;
import dev.mixchannel.tiering.PolicySnapshot;
import dev.mixchannel.tiering.TierManager;
import dev.mixchannel.tiering.TierStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link TierManager}: everything it owns wired together (tiers, key index, I/O path, migrator,
 * workers, policy agent and runner, JMX beans). {@link TierManager} documents the operations; the
 * few public methods beyond it are for the tests, which reach them through the tiering package.
 */
public final class ManagerCore implements TierManager {
  private static final Logger LOG = LoggerFactory.getLogger(ManagerCore.class);

  private final Tiers tiers;
  private final ManagerCounters counters = new ManagerCounters();
  private final ManagerState state;
  private final Catalog catalog;
  private final MigrationWorkers workers;
  private final PolicyAgent agent;
  private final PolicyRunner runner;
  private final JmxRegistration jmx;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final MigrationSettings settings;
  private final RateLimiter rate;
  private final IoRunner ioRunner = new IoRunner();

  /**
   * Opens the tiers of a configuration, recovers them and starts the manager.
   *
   * @param config the configuration
   * @param extraTiers open tiers to add after the configuration's, slowest last; owned from now on
   * @param policy the migration policy
   * @param clock the clock for write times, idle sealing and back-off
   * @param startMigrator whether the policy runs on its own thread every interval
   * @param hook the test hook
   * @param opener opens each tier
   * @param acceptLayout whether to accept the directories as configured ({@link TierLayout})
   * @return the running core
   * @throws dev.mixchannel.api.TierLayoutException when a directory is not the one the manager
   *     wrote; nothing is opened or created then
   * @throws IOException when a tier cannot be opened or recovered; what was opened is closed
   */
  public static ManagerCore open(
      MixChannelConfig config,
      List<StorageTier> extraTiers,
      MigrationPolicy policy,
      Clock clock,
      boolean startMigrator,
      MigrationHook hook,
      TierOpener opener,
      boolean acceptLayout)
      throws IOException {
    List<StorageTier> opened = new ArrayList<>();
    Tiers tiers = null;
    ManagerCore core = null;
    try {
      TierLayout layout = TierLayout.check(config, acceptLayout);
      for (TierConfig tier : config.tiers()) {
        opened.add(opener.open(tier, config));
      }
      opened.addAll(extraTiers);
      tiers = new Tiers(opened);
      core = new ManagerCore(config, tiers, policy, clock, startMigrator, hook);
      layout.record();
      return core;
    } catch (IOException | RuntimeException e) {
      if (core != null) {
        Closeables.closeQuietly(e, core);
        throw e;
      }
      try {
        if (tiers != null) {
          tiers.close();
        } else {
          List<StorageTier> all = new ArrayList<>(opened);
          for (StorageTier extra : extraTiers) {
            if (!all.contains(extra)) {
              all.add(extra);
            }
          }
          new Tiers(all).close();
        }
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  private ManagerCore(
      MixChannelConfig config,
      Tiers tiers,
      MigrationPolicy policy,
      Clock clock,
      boolean startMigrator,
      MigrationHook hook)
      throws IOException {
    this.tiers = tiers;
    this.settings = new MigrationSettings(config);
    Recovery.Result recovered = Recovery.run(tiers);
    String baseId = config.tiers().get(0).paths().get(0).toString();
    this.state = new ManagerState(baseId);
    StaleCopies stale = new StaleCopies();
    DeletedKeyCopies deletedCopies = new DeletedKeyCopies();
    this.rate = new RateLimiter(config.migrationRateBytesPerSecond());
    Migrator migrator = new Migrator(counters, hook, rate, clock, stale, deletedCopies);
    Spiller spiller = new Spiller(tiers, migrator, migrator.switcher(), deletedCopies);
    this.catalog =
        new Catalog(tiers, recovered, clock, state, new KeyIo(state, spiller, ioRunner), stale);
    this.workers = new MigrationWorkers(migrator, state, config.migrationThreads());
    this.agent =
        new PolicyAgent(catalog, tiers, policy, workers, counters, config, settings, clock);
    this.jmx =
        JmxRegistration.register(
            baseId,
            catalog,
            counters,
            tiers,
            new TierManagerBean.Tuning(settings, this::tune, workers::pending));
    this.runner =
        startMigrator && config.migrationEnabled()
            ? new PolicyRunner(agent, config.intervalMillis())
            : null;
    LOG.info(
        "tier manager open: id={}, tiers={}, keys={}, migration={}, policy={}",
        jmx.id(),
        tiers.names(),
        recovered.owners().size(),
        runner != null ? "every " + config.intervalMillis() + " ms" : "off",
        policy);
  }

  @Override
  public MixChannel open(String key, OpenOption... options) throws IOException {
    state.checkOpen(key);
    return catalog.open(key, OpenOptions.parse(key, options));
  }

  @Override
  public boolean exists(String key) {
    Keys.validate(key);
    state.checkOpen(key);
    refuseUnchecked(key);
    return catalog.index().ownerOf(key) != null;
  }

  @Override
  public void rename(String from, String to) throws IOException {
    catalog.rename(from, to);
  }

  @Override
  public boolean delete(String key) throws IOException {
    return catalog.delete(key);
  }

  @Override
  public List<String> keys() {
    return catalog.index().names();
  }

  @Override
  public String tierOf(String key) throws NoSuchFileException {
    return liveUnchecked(key).tier().name();
  }

  @Override
  public void migrate(String key, String tierName) throws IOException {
    state.checkOpen(key);
    workers.runNow(live(key), tierNamed(key, tierName));
  }

  @Override
  public List<String> divergentKeys() {
    return catalog.index().divergentKeys();
  }

  @Override
  public List<String> refusedKeys() {
    return catalog.index().refusedKeys();
  }

  @Override
  public List<String> resolveDivergent(String key, String keepTier) throws IOException {
    state.checkOpen(key);
    return catalog.resolveDivergent(key, tierNamed(key, keepTier));
  }

  /** A live key for the methods that cannot throw a refusal ({@link Refusal}) as such. */
  private TieredKey liveUnchecked(String key) throws NoSuchFileException {
    refuseUnchecked(key);
    return find(key);
  }

  private void refuseUnchecked(String key) {
    try {
      catalog.index().refuseIfRefused(key);
    } catch (KeyRefusedException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }

  private TieredKey live(String key) throws IOException {
    Keys.validate(key);
    state.checkOpen(key);
    catalog.index().refuseIfRefused(key);
    return find(key);
  }

  private TieredKey find(String key) throws NoSuchFileException {
    Keys.validate(key);
    state.checkOpen(key);
    TieredKey k = catalog.index().find(key);
    if (k == null) {
      throw new NoSuchFileException(key);
    }
    return k;
  }

  @Override
  public void seal(String key) throws NoSuchFileException {
    liveUnchecked(key).activity().seal();
  }

  @Override
  public KeyHold hold(String key, String tierName) throws IOException {
    state.checkOpen(key);
    RankedTier target = tierNamed(key, tierName);
    TieredKey k = live(key);
    KeyActivity activity = k.activity();
    activity.hold();
    try {
      workers.runNow(k, target);
    } catch (IOException | RuntimeException e) {
      activity.unhold();
      throw e;
    }
    AtomicBoolean open = new AtomicBoolean(true);
    return () -> {
      if (open.compareAndSet(true, false)) {
        activity.unhold();
      }
    };
  }

  @Override
  public boolean adopt(String key) throws IOException {
    state.checkOpen(key);
    return catalog.adopt(key);
  }

  private RankedTier tierNamed(String key, String tierName) {
    RankedTier target = tiers.byName(tierName);
    if (target == null) {
      throw new IllegalArgumentException(
          "unknown tier: tier=" + tierName + ", key=" + key + ", tiers=" + tiers.names());
    }
    return target;
  }

  /**
   * Applies migration settings changed at run time (JMX): checked by the configuration's rules,
   * then the policy, the rate limiter and the copy workers use them.
   *
   * @param next the settings wanted
   * @return the settings now in force
   */
  private MigrationSettings.Values tune(MigrationSettings.Values next) {
    state.checkOpen("*");
    if (next.migrationEnabled() && !settings.values().migrationEnabled() && runner == null) {
      throw new IllegalArgumentException(
          "migration cannot be turned on while the manager runs: it was off when the manager"
              + " opened ("
              + ConfigKeys.MIGRATE_THRESHOLD
              + "=-1); restart with a threshold");
    }
    MigrationSettings.Values taken = settings.change(next);
    rate.setRate(taken.rateBytesPerSecond());
    workers.setThreads(taken.threads());
    return taken;
  }

  @Override
  public MixChannelStats stats() {
    state.checkOpen("*");
    List<TierStats> tierStats = new ArrayList<>();
    MigrationSettings.Values tuned = settings.values();
    for (RankedTier slot : tiers.all()) {
      tierStats.add(slot.stats(catalog.count(slot), tuned.highWatermark(), tuned.lowWatermark()));
    }
    return new MixChannelStats(
        tierStats,
        counters.count(ManagerCounters.Count.MIGRATIONS_UP),
        counters.count(ManagerCounters.Count.MIGRATIONS_DOWN),
        counters.count(ManagerCounters.Count.BYTES_MIGRATED),
        counters.count(ManagerCounters.Count.SPILLS),
        counters.count(ManagerCounters.Count.FAILURES));
  }

  /**
   * Runs one policy round.
   *
   * @return the migrations queued
   */
  public int doWork() {
    state.checkOpen("*");
    return agent.doWork();
  }

  /**
   * The policy's view now.
   *
   * @return the snapshot
   */
  public PolicySnapshot snapshot() {
    state.checkOpen("*");
    return agent.snapshot();
  }

  /**
   * Waits until no migration is queued or running.
   *
   * @param timeout the longest wait
   * @return whether idle
   * @throws InterruptedException when interrupted
   */
  public boolean awaitMigrations(Duration timeout) throws InterruptedException {
    return workers.awaitIdle(timeout);
  }

  /**
   * The JMX id.
   *
   * @return the id
   */
  public String id() {
    return jmx.id();
  }

  @Override
  public void close() throws IOException {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    if (runner != null) {
      runner.close();
    }
    workers.close();
    try {
      // The runner last: closing the tiers' channels ends the calls blocked on its threads.
      Closeables.closeAll(
          "closing the tier manager " + jmx.id(), catalog::closeAll, tiers, ioRunner);
    } finally {
      jmx.close();
      LOG.info("tier manager closed: id={}", jmx.id());
    }
  }

  @Override
  public String toString() {
    return "TierManager[" + jmx.id() + "]";
  }
}
