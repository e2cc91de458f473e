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
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MigrationException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 11, defect 11: {@link TierManager#close()} while a synchronous {@link TierManager#migrate}
 * is in flight on another thread must wait for it or fail it cleanly: close returns, the migration
 * returns (done, or failed with {@link MigrationException} or {@link IllegalStateException}), no
 * tier is used after it was closed, no tier's {@code toString} throws, no incomplete copy is left
 * ({@code *.migrating} file or PROMOTING pool slot), and a manager opened afterwards finds the key
 * whole on one tier.
 */
@Tag("slow")
class CloseDuringMigrationTest {
  private static final int MIB = 1 << 20;
  private static final long BOUND_SECONDS = 30;

  /**
   * How long close gets to return on its own while the migration is paused. Either outcome is
   * allowed (close waits for the migration, or fails it and returns); this only decides whether
   * close or the migration goes on first, so no assertion depends on it.
   */
  private static final long CLOSE_ALONE_MILLIS = 1000;

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  private final PausingHook hook = new PausingHook();
  private final Map<String, TierWatch> watches = new ConcurrentHashMap<>();
  private MixChannelConfig config;

  @AfterEach
  void releaseAndClean() throws IOException {
    hook.release();
    shm.close();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("pmem", "t0", MigrationStep.DEST_CREATED),
        Arguments.of("pmem", "t0", MigrationStep.CHUNK_COPIED),
        Arguments.of("pmem", "t0", MigrationStep.SWITCH_LOCKED),
        Arguments.of("pmem", "t0", MigrationStep.DEST_LOCKED),
        Arguments.of("t0", "pmem", MigrationStep.CHUNK_COPIED));
  }

  @ParameterizedTest(name = "{0} -> {1}, paused at {2}")
  @MethodSource("cases")
  void shouldWaitForOrCleanlyFailTheMigrationWhenClosedDuringIt(
      String from, String to, MigrationStep pauseAt) throws Exception {
    config =
        TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, 16L * MIB, -1)
            .build();
    byte[] data = Bytes.random(7, 5 * MIB);
    TierManager manager =
        TierManager.builder(config)
            .startMigrator(false)
            .hook(hook)
            .tierWrapper(this::watch)
            .build();
    try (MixChannel ch = manager.open("k", CREATE, WRITE)) {
      Bytes.writeFully(ch, data, 0);
    }
    if (!manager.tierOf("k").equals(from)) {
      manager.migrate("k", from);
    }
    hook.pauseAt(pauseAt);

    AtomicReference<Throwable> migrateOutcome = new AtomicReference<>();
    Thread migration = start("test-migrate", () -> manager.migrate("k", to), migrateOutcome);
    hook.awaitReached();
    AtomicReference<Throwable> closeOutcome = new AtomicReference<>();
    Thread closer = start("test-close", manager::close, closeOutcome);
    closer.join(CLOSE_ALONE_MILLIS);
    hook.release();
    closer.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
    migration.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));

    assertThat(closer.isAlive()).as("close returned").isFalse();
    assertThat(migration.isAlive()).as("migrate returned").isFalse();
    SoftAssertions soft = new SoftAssertions();
    soft.assertThat(closeOutcome.get()).as("close threw").isNull();
    Throwable migrated = migrateOutcome.get();
    if (migrated != null) {
      soft.assertThat(migrated)
          .as("migrate failed cleanly")
          .isInstanceOfAny(MigrationException.class, IllegalStateException.class);
    }
    for (TierWatch watch : watches.values()) {
      soft.assertThat(watch.callsAfterClose()).as("tier calls after the tier was closed").isEmpty();
      soft.assertThat(watch.toStringFailures()).as("tier toString failures").isEmpty();
    }
    soft.assertThat(migratingFiles()).as("*.migrating files left after close").isEmpty();
    soft.assertThat(promotingKeys()).as("incomplete pool keys left after close").isEmpty();
    try (TierManager reopened = TierManager.builder(config).startMigrator(false).build();
        MixChannel ch = reopened.open("k", READ)) {
      soft.assertThat(reopened.keys()).as("keys after reopening").containsExactly("k");
      soft.assertThat(Bytes.readAll(ch)).as("bytes after reopening").isEqualTo(data);
    }
    soft.assertAll();
  }

  private StorageTier watch(StorageTier tier) {
    TierWatch watch = new TierWatch();
    watches.put(tier.name(), watch);
    return watch.watch(tier);
  }

  private static Thread start(String name, Action action, AtomicReference<Throwable> outcome)
      throws InterruptedException {
    CountDownLatch started = new CountDownLatch(1);
    Thread t =
        new Thread(
            () -> {
              started.countDown();
              try {
                action.run();
              } catch (Throwable e) {
                outcome.set(e);
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    started.await();
    return t;
  }

  private List<Path> migratingFiles() throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> p.toString().endsWith(StorageTier.INCOMPLETE_SUFFIX)).toList();
    }
  }

  private List<String> promotingKeys() throws IOException {
    try (PmemTier pool = PmemTier.open(config.tiers().get(0), config)) {
      return pool.incompleteKeys();
    }
  }

  /** A call that may throw anything. */
  @FunctionalInterface
  private interface Action {
    void run() throws Exception;
  }
}
