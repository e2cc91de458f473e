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

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.testkit.junit.internal.LogRecorder;
import dev.mixchannel.testkit.junit.internal.LoggedEvent;
import dev.mixchannel.testkit.junit.internal.RecordingLoggerFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Issue 17, item 5: a full tier is calm. A 64 MiB PMem tier of 4 MiB extents in front of a disk
 * tier, keys smaller than an extent, the watermark policy driven round by round with an injected
 * clock: the policy plans with whole extents (it used to count bytes, promoted keys that did not
 * fit, hit {@code TierFullException} and demoted them again), a tier that reports itself full is
 * left alone until it has room (no migration into it is retried meanwhile), and it is logged once
 * when it fills and once when it has room again, not per attempt.
 */
class Issue17FullTierTest {
  private static final long MIB = 1 << 20;
  private static final long KEY_BYTES = 3 * MIB / 2;
  private static final int KEYS = 24;
  private static final int ROUNDS = 30;

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  private final TestClock clock = new TestClock(0);
  private TierManager manager;

  @AfterEach
  void close() throws IOException {
    try {
      if (manager != null) {
        manager.close();
      }
    } finally {
      shm.close();
    }
  }

  private MixChannelConfig config() {
    return MixChannelConfig.builder()
        .pmemBackend(PmemBackend.AUTO)
        .pmemPretouch(false)
        .pmemExtentSizeBytes(4 * MIB)
        .tier("pmem", TierKind.PMEM, 64 * MIB, shm.resolve("pool"))
        .tier("logdir", TierKind.HDD, -1, dir.resolve("logdir"))
        .migrationThreshold(0.5)
        .idleMillis(1_000)
        .build();
  }

  /** Writes the keys onto the disk tier, as a restart finds a log dir. */
  private void writeKeysOnDisk() throws IOException {
    try (TierManager m = TierManager.builder(config()).startMigrator(false).build()) {
      for (int i = 0; i < KEYS; i++) {
        String key = String.format("topic-0/%020d.log", i * 1000L);
        try (MixChannel ch = m.open(key, CREATE_NEW, WRITE, SizeHint.of(128 * MIB))) {
          Bytes.writeFully(ch, Bytes.random(i, (int) KEY_BYTES), 0);
        }
        assertThat(m.tierOf(key)).isEqualTo("logdir");
      }
    }
  }

  /** Runs policy rounds one second apart; returns the WARN and ERROR lines they logged. */
  private List<LoggedEvent> runRounds(int rounds) throws Exception {
    LogRecorder recorder = ((RecordingLoggerFactory) LoggerFactory.getILoggerFactory()).recorder();
    LogRecorder.Window window = recorder.open("policy rounds");
    boolean idle = true;
    for (int i = 0; i < rounds; i++) {
      clock.advanceMillis(1_000);
      TierManagerHooks.doWork(manager);
      idle &= TierManagerHooks.awaitMigrations(manager, Duration.ofSeconds(30));
    }
    List<LoggedEvent> logged = recorder.close(window);
    assertThat(idle).as("migrations settled after each round").isTrue();
    return logged;
  }

  @Test
  void shouldPromoteOnlyWhatFitsInWholeExtentsAndThenStayStill() throws Exception {
    writeKeysOnDisk();
    manager = TierManager.builder(config()).clock(clock).startMigrator(false).build();

    List<LoggedEvent> warnings = runRounds(ROUNDS);

    MixChannelStats stats = manager.stats();
    long capacity = stats.tier("pmem").capacityBytes();
    System.out.printf(
        "%d rounds: promotions=%d, demotions=%d, failures=%d, warnLines=%d%n",
        ROUNDS,
        stats.migrationsUp(),
        stats.migrationsDown(),
        stats.migrationFailures(),
        warnings.size());
    assertThat(warnings).as("WARN/ERROR lines").isEmpty();
    assertThat(stats.migrationFailures()).as("failed migrations").isZero();
    assertThat(stats.migrationsDown()).as("demotions").isZero();
    // Below the low watermark (half the tier), in whole 4 MiB extents.
    assertThat(stats.migrationsUp()).as("promotions").isEqualTo((capacity / 2) / (4 * MIB));
    assertThat(stats.tier("pmem").usedBytes()).isLessThanOrEqualTo(capacity / 2);
  }

  @Test
  void shouldLeaveAFullTierAloneUntilItHasRoomAndLogEachChangeOnce() throws Exception {
    writeKeysOnDisk();
    AtomicBoolean full = new AtomicBoolean(true);
    AtomicInteger attempts = new AtomicInteger();
    manager =
        TierManager.builder(config())
            .clock(clock)
            .startMigrator(false)
            .tierWrapper(t -> t.name().equals("pmem") ? new FillingTier(t, full, attempts) : t)
            .build();

    List<LoggedEvent> whileFull = new ArrayList<>(runRounds(1));
    int firstRound = attempts.get();
    whileFull.addAll(runRounds(ROUNDS - 1));
    int attemptsWhileFull = attempts.get();
    full.set(false);
    List<LoggedEvent> afterwards = runRounds(ROUNDS * 4);
    System.out.printf(
        "full for %d rounds: attempts=%d, warnLines=%d; then %d rounds: promotions=%d,"
            + " demotions=%d, warnLines=%d%n",
        ROUNDS,
        attemptsWhileFull,
        whileFull.size(),
        ROUNDS * 4,
        manager.stats().migrationsUp(),
        manager.stats().migrationsDown(),
        afterwards.size());

    assertThat(whileFull.stream().map(LoggedEvent::message))
        .as("one line when the tier filled")
        .singleElement()
        .asString()
        .contains("tier full")
        .contains("pmem");
    // The first round: the promotions that started before the first of them failed (1 to 7, as
    // the worker and the round race); then exactly one probe per back-off window (1, 2, 4, 8 s).
    assertThat(firstRound).isBetween(1, 7);
    assertThat(attemptsWhileFull - firstRound)
        .as("migrations into the full tier tried in the next %d rounds", ROUNDS - 1)
        .isEqualTo(5);
    assertThat(afterwards).as("WARN/ERROR lines once it has room").isEmpty();
    assertThat(manager.stats().migrationsUp()).isEqualTo(7);
    assertThat(manager.stats().migrationsDown()).isZero();
  }

  /** A PMem tier whose free extents another writer holds while {@code full} is set. */
  private static final class FillingTier extends ForwardingStorageTier {
    private final AtomicBoolean full;
    private final AtomicInteger attempts;

    FillingTier(StorageTier delegate, AtomicBoolean full, AtomicInteger attempts) {
      super(delegate);
      this.full = full;
      this.attempts = attempts;
    }

    @Override
    public FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
      attempts.incrementAndGet();
      if (full.get()) {
        throw new TierFullException(
            name(),
            sizeHint.bytes(),
            "PMem pool full: requestedExtents=1, freeExtents=0 (test: another writer holds them)");
      }
      return super.createIncomplete(key, sizeHint);
    }
  }
}
