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

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.tiering.KeySnapshot;
import dev.mixchannel.tiering.MigrationPolicy;
import dev.mixchannel.tiering.MigrationRequest;
import dev.mixchannel.tiering.PolicySnapshot;
import dev.mixchannel.tiering.TierStats;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The migration policy agent: each {@link #doWork()} takes a snapshot of the tiers and keys, asks
 * the {@link MigrationPolicy} what to move and queues the requests on the copy workers. Called by
 * one thread at a time (the policy runner, or a test with an injected clock); its methods are
 * synchronized so that an explicit call never overlaps a scheduled round.
 *
 * <p>Write times are observed, not stamped on every write: a write bumps a counter on its key, and
 * the agent records the clock's time for each key whose counter changed since the last round. So a
 * key's last write time has the resolution of the policy interval, and the write path never reads a
 * clock.
 */
final class PolicyAgent {
  private static final Logger LOG = LoggerFactory.getLogger(PolicyAgent.class);

  private final Catalog catalog;
  private final Tiers tiers;
  private final MigrationPolicy policy;
  private final MigrationWorkers workers;
  private final ManagerCounters counters;
  private final MixChannelConfig config;
  private final MigrationSettings settings;
  private final Clock clock;

  /**
   * Creates the agent.
   *
   * @param catalog the key index (and whether the manager is open)
   * @param tiers the tiers
   * @param policy the policy
   * @param workers the copy workers
   * @param counters the counters, for errors
   * @param config the configuration (idle time)
   * @param settings the settings that may change at run time (watermarks, on/off)
   * @param clock the clock
   */
  PolicyAgent(
      Catalog catalog,
      Tiers tiers,
      MigrationPolicy policy,
      MigrationWorkers workers,
      ManagerCounters counters,
      MixChannelConfig config,
      MigrationSettings settings,
      Clock clock) {
    this.catalog = catalog;
    this.tiers = tiers;
    this.policy = policy;
    this.workers = workers;
    this.counters = counters;
    this.settings = settings;
    this.config = config;
    this.clock = clock;
  }

  /**
   * Runs one round of the policy. Never throws: a failure is logged and recorded as last error.
   *
   * @return the number of migrations queued
   */
  synchronized int doWork() {
    if (catalog.isClosed()) {
      return 0;
    }
    retryStaleCopies();
    if (!settings.values().migrationEnabled()) {
      return 0;
    }
    long start = System.nanoTime();
    try {
      PolicySnapshot snapshot = snapshot();
      return submit(policy.decide(snapshot), snapshot.nowMillis());
    } catch (RuntimeException e) {
      counters.error(e);
      LOG.warn("migration policy round failed: policy={}", policy, e);
      return 0;
    } finally {
      counters.policyRound(start);
    }
  }

  /**
   * Takes a snapshot, recording the write times observed since the last one.
   *
   * @return the snapshot
   */
  synchronized PolicySnapshot snapshot() {
    long now = clock.millis();
    MigrationSettings.Values tuned = settings.values();
    List<TieredKey> keys = catalog.index().liveKeys();
    List<KeySnapshot> views = new ArrayList<>(keys.size());
    List<RankedTier> slots = tiers.all();
    long[] keysOn = new long[slots.size()];
    for (TieredKey k : keys) {
      KeyActivity activity = k.activity();
      RankedTier on = k.tier();
      keysOn[on.index()]++;
      long lastWrite = activity.observeWrites(now);
      boolean sealed = activity.sealed() || now - lastWrite >= config.idleMillis();
      boolean migrating = activity.inFlight();
      views.add(
          new KeySnapshot(
              k.key(),
              on.name(),
              sizeOf(k),
              sealed,
              lastWrite,
              migrating,
              migrating ? activity.inFlightTarget() : null,
              activity.backingOff(now),
              activity.held()));
    }
    List<TierStats> tierViews = new ArrayList<>();
    for (RankedTier slot : slots) {
      tierViews.add(slot.stats(keysOn[slot.index()], tuned.highWatermark(), tuned.lowWatermark()));
    }
    return new PolicySnapshot(tierViews, views, now);
  }

  /**
   * A key's size without blocking: its backing channel's size when the key's shared lock is free,
   * else the size last measured.
   */
  private static long sizeOf(TieredKey k) {
    KeyActivity activity = k.activity();
    long stamp = k.lock().tryLockShared();
    if (stamp == 0) {
      return activity.cachedSizeBytes();
    }
    try {
      Backing b = k.backing();
      if (b != null && b.isOpen()) {
        activity.cachedSizeBytes(b.channel().size());
      }
    } catch (IOException e) {
      return activity.cachedSizeBytes();
    } finally {
      k.lock().unlockShared(stamp);
    }
    return activity.cachedSizeBytes();
  }

  private int submit(List<MigrationRequest> requests, long now) {
    int queued = 0;
    for (MigrationRequest request : requests) {
      TieredKey s = catalog.index().find(request.key());
      RankedTier target = tiers.byName(request.targetTier());
      if (target == null) {
        LOG.warn(
            "policy asked for an unknown tier: key={}, tier={}",
            request.key(),
            request.targetTier());
        continue;
      }
      if (s == null || s.tier() == target || s.activity().backingOff(now)) {
        continue;
      }
      if (!target.room().admit(now)) {
        continue; // full: one probe per back-off window (TierRoom)
      }
      if (workers.submit(s, target)) {
        queued++;
      }
    }
    return queued;
  }

  /** Retries the removal of stale copies a failed tier call left; a failure is recorded. */
  private void retryStaleCopies() {
    IOException failure = catalog.retryStaleCopies();
    if (failure != null) {
      counters.error(failure);
      LOG.warn("removing a stale copy failed, retried next round", failure);
    }
  }
}
