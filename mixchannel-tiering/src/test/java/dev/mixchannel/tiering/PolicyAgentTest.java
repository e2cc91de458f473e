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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doCallRealMethod;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.spy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The policy agent driven by hand with an injected clock. */
class PolicyAgentTest {
  private static final int KIB = 1024;
  private static final long CAPACITY = 1024 * KIB;

  @TempDir Path dir;
  private final TestClock clock = new TestClock(0);
  private final PausingHook hook = new PausingHook();
  private TierManager manager;

  private TierManager open(MixChannelConfig.Builder config) throws IOException {
    return open(config, null);
  }

  private TierManager open(MixChannelConfig.Builder config, AtomicReference<StorageTier> spyT1)
      throws IOException {
    manager =
        TierManager.builder(config.build())
            .clock(clock)
            .startMigrator(false)
            .hook(hook)
            .tierOpener(
                (tier, c) -> {
                  StorageTier t = FileTier.open(tier);
                  if (spyT1 != null && tier.name().equals("t1")) {
                    spyT1.set(spy(t));
                    return spyT1.get();
                  }
                  return t;
                })
            .build();
    return manager;
  }

  private MixChannelConfig.Builder config() {
    return TestConfigs.fileTiers(dir, CAPACITY, -1).migrationThreshold(0.5).idleMillis(60_000);
  }

  @AfterEach
  void close() throws IOException {
    hook.release();
    if (manager != null) {
      manager.close();
    }
  }

  private void writeAt(long millis, String key, int bytes) throws IOException {
    clock.setMillis(millis);
    try (MixChannel ch = manager.open(key, CREATE, WRITE)) {
      Bytes.writeFully(ch, new byte[bytes], ch.size());
    }
    TierManagerHooks.doWork(manager);
    settle();
  }

  private void settle() {
    try {
      assertThat(TierManagerHooks.awaitMigrations(manager, Duration.ofSeconds(30))).isTrue();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void shouldDemoteTheOldestSealedSegmentWhenAboveTheWatermark() throws IOException {
    open(config());
    writeAt(1000, "topic-0/00000.log", 200 * KIB);
    manager.seal("topic-0/00000.log");
    writeAt(2000, "topic-0/00100.log", 200 * KIB);
    manager.seal("topic-0/00100.log");
    writeAt(3000, "topic-0/00200.log", 200 * KIB);
    assertThat(manager.tierOf("topic-0/00000.log")).isEqualTo("t1");
    assertThat(manager.tierOf("topic-0/00100.log")).isEqualTo("t0");
    assertThat(manager.tierOf("topic-0/00200.log")).isEqualTo("t0");
    assertThat(manager.stats().migrationsDown()).isEqualTo(1);
  }

  @Test
  void shouldLeaveUnsealedKeysWhateverTheirNamesWhenAboveTheWatermark() throws IOException {
    open(config());
    writeAt(1000, "topic-0/00000.log", 200 * KIB);
    writeAt(2000, "topic-0/00100.log", 200 * KIB);
    writeAt(3000, "topic-0/00200.log", 200 * KIB);
    assertThat(manager.tierOf("topic-0/00000.log")).isEqualTo("t0");
    assertThat(manager.stats().migrationsDown()).isZero();
  }

  @Test
  void shouldLeaveAHeldKeyWhereItIsUntilTheHoldCloses() throws IOException {
    open(config());
    writeAt(1000, "a/0.log", 300 * KIB);
    KeyHold hold = manager.hold("a/0.log", "t1");
    assertThat(manager.tierOf("a/0.log")).isEqualTo("t1");
    TierManagerHooks.doWork(manager);
    settle();
    assertThat(manager.tierOf("a/0.log")).as("held, not promoted").isEqualTo("t1");
    hold.close();
    hold.close();
    TierManagerHooks.doWork(manager);
    settle();
    assertThat(manager.tierOf("a/0.log")).as("promoted once released").isEqualTo("t0");
  }

  @Test
  void shouldSealAnActiveSegmentWhenIdleLongEnoughOrSealedExplicitly() throws IOException {
    open(config());
    writeAt(1000, "a/0.log", 300 * KIB);
    writeAt(1000, "b/0.log", 300 * KIB);
    assertThat(manager.tierOf("a/0.log")).isEqualTo("t0");
    try (MixChannel b = manager.open("b/0.log", WRITE)) {
      b.seal();
      assertThat(b.isSealed()).isTrue();
    }
    TierManagerHooks.doWork(manager);
    settle();
    assertThat(manager.tierOf("b/0.log")).isEqualTo("t1");
    assertThat(manager.tierOf("a/0.log")).isEqualTo("t0");
    writeAt(1000, "c/0.log", 300 * KIB);
    clock.setMillis(1000 + 60_000);
    TierManagerHooks.doWork(manager);
    settle();
    assertThat(manager.tierOf("a/0.log")).isEqualTo("t1");
    assertThat(manager.tierOf("c/0.log")).isEqualTo("t0");
  }

  @Test
  void shouldPromoteTheNewestSegmentsThatFitWhenBelowTheWatermark() throws IOException {
    open(config());
    writeAt(1000, "d/00.log", 100 * KIB);
    writeAt(2000, "d/01.log", 100 * KIB);
    writeAt(3000, "d/02.log", 100 * KIB);
    for (String key : manager.keys()) {
      manager.migrate(key, "t1");
    }
    writeAt(4000, "d/03.log", 350 * KIB);
    assertThat(manager.tierOf("d/02.log")).isEqualTo("t0");
    assertThat(manager.tierOf("d/01.log")).isEqualTo("t1");
    assertThat(manager.tierOf("d/00.log")).isEqualTo("t1");
    assertThat(manager.stats().migrationsUp()).isEqualTo(1);
  }

  @Test
  void shouldKeepStillWhenUsageIsInsideTheBand() throws IOException {
    open(config().migrationThreshold(-1).highWatermark(0.8).lowWatermark(0.3));
    assertThat(TierManagerHooks.doWork(manager)).isZero();
    manager.close();
    open(TestConfigs.fileTiers(dir, CAPACITY, -1).highWatermark(0.8).lowWatermark(0.3));
    writeAt(1000, "x/0.log", 200 * KIB);
    writeAt(2000, "x/1.log", 300 * KIB);
    manager.migrate("x/0.log", "t1");
    TierManagerHooks.doWork(manager);
    settle();
    assertThat(manager.tierOf("x/0.log")).isEqualTo("t1");
    assertThat(manager.tierOf("x/1.log")).isEqualTo("t0");
    assertThat(manager.stats().migrationsUp()).isZero();
  }

  @Test
  void shouldNotPickASegmentTwiceWhenItsMigrationIsInFlight() throws Exception {
    open(config());
    writeAt(1000, "p/0.log", 400 * KIB);
    manager.seal("p/0.log");
    hook.pauseAt(MigrationStep.CHUNK_COPIED);
    clock.setMillis(2000);
    try (MixChannel ch = manager.open("p/1.log", CREATE, WRITE)) {
      Bytes.writeFully(ch, new byte[200 * KIB], 0);
    }
    assertThat(TierManagerHooks.doWork(manager)).isEqualTo(1);
    hook.awaitReached();
    assertThat(TierManagerHooks.snapshot(manager).keys())
        .filteredOn(s -> s.key().equals("p/0.log"))
        .singleElement()
        .satisfies(s -> assertThat(s.migrating()).isTrue());
    clock.setMillis(3000);
    assertThat(TierManagerHooks.doWork(manager)).isZero();
    hook.release();
    settle();
    assertThat(manager.tierOf("p/0.log")).isEqualTo("t1");
    assertThat(manager.stats().migrationsDown()).isEqualTo(1);
  }

  @Test
  @ExpectedLog(logger = "dev.mixchannel.tiering.internal.Migrator", contains = "migration failed")
  void shouldBackOffBeforeRetryingWhenAMigrationFailed() throws IOException {
    AtomicReference<StorageTier> t1 = new AtomicReference<>();
    open(config(), t1);
    doThrow(new IOException("injected create failure"))
        .doCallRealMethod()
        .when(t1.get())
        .createIncomplete(eq("q/0.log"), any(SizeHint.class));
    clock.setMillis(1000);
    try (MixChannel ch = manager.open("q/0.log", CREATE, WRITE)) {
      Bytes.writeFully(ch, new byte[400 * KIB], 0);
    }
    manager.seal("q/0.log");
    writeAt(2000, "q/1.log", 200 * KIB);
    assertThat(manager.tierOf("q/0.log")).isEqualTo("t0");
    assertThat(manager.stats().migrationFailures()).isEqualTo(1);
    assertThat(TierManagerHooks.snapshot(manager).keys())
        .filteredOn(s -> s.key().equals("q/0.log"))
        .singleElement()
        .satisfies(s -> assertThat(s.backingOff()).isTrue());
    clock.setMillis(2500);
    assertThat(TierManagerHooks.doWork(manager)).isZero();
    clock.setMillis(3001);
    assertThat(TierManagerHooks.doWork(manager)).isEqualTo(1);
    settle();
    assertThat(manager.tierOf("q/0.log")).isEqualTo("t1");
    doCallRealMethod().when(t1.get()).createIncomplete(any(), any());
  }

  @Test
  void shouldDoNothingWhenMigrationIsTurnedOff() throws IOException {
    open(TestConfigs.fileTiers(dir, CAPACITY, -1).migrationThreshold(-1));
    writeAt(1000, "o/0.log", 900 * KIB);
    writeAt(2000, "o/1.log", 100 * KIB);
    assertThat(TierManagerHooks.doWork(manager)).isZero();
    assertThat(manager.tierOf("o/0.log")).isEqualTo("t0");
    manager.migrate("o/0.log", "t1");
    assertThat(manager.tierOf("o/0.log")).isEqualTo("t1");
  }
}
