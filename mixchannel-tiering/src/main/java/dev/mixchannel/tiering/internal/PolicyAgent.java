package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.Keys;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.tiering.MigrationPolicy;
import dev.mixchannel.tiering.MigrationRequest;
import dev.mixchannel.tiering.PolicySnapshot;
import dev.mixchannel.tiering.SegmentSnapshot;
import dev.mixchannel.tiering.TierSnapshot;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The migration policy agent: each {@link #doWork()} takes a snapshot of the tiers and keys, asks
 * the {@link MigrationPolicy} what to move and queues the requests on the copy workers. Called by
 * one thread at a time (the policy runner, or a test with an injected clock); its methods are
 * synchronized so that an explicit call never overlaps a scheduled round.
 *
 * <p>Write times are observed, not stamped on every write: a write bumps a counter on its segment,
 * and the agent records the clock's time for each segment whose counter changed since the last
 * round. So a key's last write time has the resolution of the policy interval, and the write path
 * never reads a clock.
 */
public final class PolicyAgent {
  private static final Logger LOG = LoggerFactory.getLogger(PolicyAgent.class);

  private final Catalog catalog;
  private final Tiers tiers;
  private final MigrationPolicy policy;
  private final MigrationWorkers workers;
  private final ManagerCounters counters;
  private final MixChannelConfig config;
  private final Clock clock;

  /**
   * Creates the agent.
   *
   * @param catalog the key index
   * @param tiers the tiers
   * @param policy the policy
   * @param workers the copy workers
   * @param counters the counters, for errors
   * @param config the configuration (watermarks, idle time, on/off)
   * @param clock the clock
   */
  public PolicyAgent(
      Catalog catalog,
      Tiers tiers,
      MigrationPolicy policy,
      MigrationWorkers workers,
      ManagerCounters counters,
      MixChannelConfig config,
      Clock clock) {
    this.catalog = catalog;
    this.tiers = tiers;
    this.policy = policy;
    this.workers = workers;
    this.counters = counters;
    this.config = config;
    this.clock = clock;
  }

  /**
   * Runs one round of the policy. Never throws: a failure is logged and recorded as last error.
   *
   * @return the number of migrations queued
   */
  public synchronized int doWork() {
    if (catalog.isClosed() || !config.migrationEnabled()) {
      return 0;
    }
    try {
      PolicySnapshot snapshot = snapshot();
      return submit(policy.decide(snapshot), snapshot.nowMillis());
    } catch (RuntimeException e) {
      counters.error(e);
      LOG.warn("migration policy round failed: policy={}", policy, e);
      return 0;
    }
  }

  /**
   * Takes a snapshot, recording the write times observed since the last one.
   *
   * @return the snapshot
   */
  public synchronized PolicySnapshot snapshot() {
    long now = clock.millis();
    List<Segment> segments = catalog.segments();
    Map<String, String> activeStems = new HashMap<>();
    for (Segment s : segments) {
      activeStems.merge(Keys.parent(s.key), stem(s.key), (a, b) -> a.compareTo(b) >= 0 ? a : b);
    }
    List<SegmentSnapshot> views = new ArrayList<>();
    for (Segment s : segments) {
      String key = s.key;
      long seq = s.writeSeq();
      if (seq != s.seenWriteSeq) {
        s.seenWriteSeq = seq;
        s.lastWriteMillis = now;
      }
      boolean active = stem(key).equals(activeStems.get(Keys.parent(key)));
      boolean sealed = s.sealed || !active || now - s.lastWriteMillis >= config.idleMillis();
      boolean migrating = s.inFlight.get();
      views.add(
          new SegmentSnapshot(
              key,
              s.tier.name(),
              s.sizeForPolicy(),
              sealed,
              s.lastWriteMillis,
              migrating,
              migrating ? s.inFlightTarget : null,
              now < s.backoffUntilMillis));
    }
    List<TierSnapshot> tierViews = new ArrayList<>();
    for (TierSlot slot : tiers.all()) {
      tierViews.add(
          new TierSnapshot(
              slot.name(),
              slot.kind(),
              slot.tier().capacityBytes(),
              slot.tier().usedBytes(),
              config.highWatermark(),
              config.lowWatermark()));
    }
    return new PolicySnapshot(tierViews, views, now);
  }

  private int submit(List<MigrationRequest> requests, long now) {
    int queued = 0;
    for (MigrationRequest request : requests) {
      Segment s = catalog.get(request.key());
      TierSlot target = tiers.byName(request.targetTier());
      if (target == null) {
        LOG.warn(
            "policy asked for an unknown tier: key={}, tier={}",
            request.key(),
            request.targetTier());
        continue;
      }
      if (s == null || s.tier == target || now < s.backoffUntilMillis) {
        continue;
      }
      if (workers.submit(s, target)) {
        queued++;
      }
    }
    return queued;
  }

  /**
   * The part of a key's file name before its first dot: the segments of one Kafka base offset
   * ({@code .log}, {@code .index}, {@code .timeindex}) share it, so all of them count as active.
   */
  static String stem(String key) {
    String name = key.substring(key.lastIndexOf('/') + 1);
    int dot = name.indexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }
}
