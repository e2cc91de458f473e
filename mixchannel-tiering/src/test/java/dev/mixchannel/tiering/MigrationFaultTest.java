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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doCallRealMethod;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.spy;

import dev.mixchannel.api.MigrationException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.event.Level;

/**
 * Failures during a migration roll it back: the source keeps serving, the incomplete copy is
 * removed, the failure is counted and recorded.
 */
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Migrator",
    reason = "every test injects a migration fault, which the migrator reports")
class MigrationFaultTest {
  private static final int MIB = 1 << 20;

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  private final PausingHook hook = new PausingHook();
  private final Map<String, StorageTier> spies = new HashMap<>();
  private TierManager manager;

  private void open(MixChannelConfig config) throws IOException {
    manager =
        TierManager.builder(config)
            .startMigrator(false)
            .hook(hook)
            .tierOpener(
                (tier, c) -> {
                  StorageTier t =
                      tier.name().equals("pmem") ? PmemTier.open(tier, c) : FileTier.open(tier);
                  StorageTier s = spy(t);
                  spies.put(tier.name(), s);
                  return s;
                })
            .build();
  }

  private void openFiles() throws IOException {
    open(TestConfigs.fileTiers(dir, -1, -1).build());
  }

  @AfterEach
  void close() throws IOException {
    hook.release();
    try {
      if (manager != null) {
        manager.close();
      }
    } finally {
      shm.close();
    }
  }

  @Test
  void shouldRollBackWhenTheDestinationChannelFailsToWrite() throws IOException {
    openFiles();
    byte[] model = create("k", 3 * MIB);
    doAnswer(
            inv -> {
              FileChannel real = (FileChannel) inv.callRealMethod();
              return new FaultInjectingChannel(real) {
                @Override
                void beforeWrite(long position, long end) throws IOException {
                  if (end > MIB) {
                    throw new IOException("injected write failure");
                  }
                }
              };
            })
        .when(spies.get("t1"))
        .createIncomplete(anyString(), any(SizeHint.class));
    assertThatThrownBy(() -> manager.migrate("k", "t1"))
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("key=k")
        .hasRootCauseMessage("injected write failure");
    assertSourceServes("k", "t0", model);
    assertThat(manager.stats().migrationFailures()).isEqualTo(1);
    assertThat(manager.stats().migrationsDown()).isZero();
  }

  @Test
  void shouldRollBackWhenTheDestinationPoolRunsOutOfSpace() throws IOException {
    open(
        TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, 4L * MIB, -1)
            .build());
    byte[] model = create("k", 8 * MIB);
    manager.migrate("k", "t0");
    assertThat(manager.tierOf("k")).isEqualTo("t0");
    long pmemUsedBefore = manager.stats().tier("pmem").usedBytes();
    assertThatThrownBy(() -> manager.migrate("k", "pmem"))
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("to=pmem");
    assertThat(manager.stats().tier("pmem").usedBytes()).isEqualTo(pmemUsedBefore);
    assertThat(spies.get("pmem").incompleteKeys()).isEmpty();
    assertSourceServes("k", "t0", model);
    assertThat(manager.stats().migrationFailures()).isEqualTo(1);
  }

  @Test
  void shouldRollBackWhenTheDestinationFillsUpDuringTheCopy() throws Exception {
    open(
        TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, 4L * MIB, -1)
            .build());
    byte[] model = create("k", 3 * MIB);
    manager.migrate("k", "t0");
    hook.pauseAt(MigrationStep.DEST_CREATED);
    java.util.concurrent.ExecutorService async =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<?> migration =
          async.submit(
              () -> {
                manager.migrate("k", "pmem");
                return null;
              });
      hook.awaitReached();
      byte[] other = create("other", 2 * MIB);
      assertThat(manager.tierOf("other")).isEqualTo("pmem");
      hook.release();
      assertThatThrownBy(() -> migration.get(30, java.util.concurrent.TimeUnit.SECONDS))
          .hasCauseInstanceOf(MigrationException.class)
          .hasMessageContaining("TierFullException");
      assertSourceServes("k", "t0", model);
      try (MixChannel ch = manager.open("other", READ)) {
        assertThat(Bytes.readAll(ch)).isEqualTo(other);
      }
      assertThat(manager.stats().tier("pmem").usedBytes()).isEqualTo(2L * MIB);
    } finally {
      async.shutdown();
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = MigrationStep.class,
      names = {
        "MARKED",
        "DEST_CREATED",
        "CHUNK_COPIED",
        "SWITCH_LOCKED",
        "CAUGHT_UP",
        "DEST_LOCKED"
      })
  void shouldRollBackWhenAStepBeforeThePublishFails(MigrationStep step) throws IOException {
    openFiles();
    byte[] model = create("k", 2 * MIB);
    hook.failAt(step, new IOException("injected at " + step));
    assertThatThrownBy(() -> manager.migrate("k", "t1")).isInstanceOf(MigrationException.class);
    assertSourceServes("k", "t0", model);
    assertThat(manager.stats().migrationFailures()).isEqualTo(1);
    hook.failAt(null, null);
    manager.migrate("k", "t1");
    assertThat(manager.tierOf("k")).isEqualTo("t1");
  }

  @Test
  void shouldStayOnTheSourceWhenItCannotBeRemovedAfterThePublish() throws IOException {
    openFiles();
    byte[] model = create("k", MIB);
    doThrow(new IOException("injected delete failure")).when(spies.get("t0")).delete("k");
    assertThatThrownBy(() -> manager.migrate("k", "t1"))
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("stayed on the source");
    assertSourceServes("k", "t0", model);
    assertThat(Files.exists(dir.resolve("t1/k"))).isFalse();
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.tiering.internal.Switcher",
      level = Level.ERROR,
      contains = "removing either copy failed")
  @ExpectedLog(logger = "dev.mixchannel.tiering.internal.Catalog", contains = "stale copies left")
  @ExpectedLog(logger = "dev.mixchannel.tiering.internal.StaleCopies", contains = "stale copy left")
  void shouldEndOnTheFasterCopyWhenNeitherCopyCanBeRemoved() throws IOException {
    openFiles();
    byte[] model = create("k", MIB);
    manager.migrate("k", "t1");
    doThrow(new IOException("injected source delete failure")).when(spies.get("t1")).delete("k");
    doThrow(new IOException("injected target delete failure")).when(spies.get("t0")).delete("k");
    assertThatThrownBy(() -> manager.migrate("k", "t0"))
        .hasMessageContaining("removing the source copy failed");
    assertThat(manager.tierOf("k")).isEqualTo("t0");
    try (MixChannel ch = manager.open("k", READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(model);
    }
    assertThat(JmxProbe.lastError(manager)).contains("removing the source copy failed");
  }

  @Test
  @ExpectedLog(logger = "dev.mixchannel.tiering.internal.StaleCopies", contains = "stale copy left")
  void shouldNeverServeAFasterCopyWhosePublishIsInDoubt() throws IOException {
    openFiles();
    byte[] model = create("k", MIB);
    manager.migrate("k", "t1");
    StorageTier faster = spies.get("t0");
    doAnswer(
            inv -> {
              inv.callRealMethod();
              throw new IOException("injected directory fsync failure after the publish");
            })
        .when(faster)
        .publish("k");
    doThrow(new IOException("injected target delete failure")).when(faster).delete("k");
    assertThatThrownBy(() -> manager.migrate("k", "t0"))
        .isInstanceOf(MigrationException.class)
        .hasMessageContaining("rolled back to the source");
    assertThat(manager.tierOf("k")).isEqualTo("t1");
    assertThat(Files.exists(dir.resolve("t1/k"))).isTrue();
    try (MixChannel ch = manager.open("k", READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(model);
    }
    doCallRealMethod().when(faster).delete("k");
    manager.close();
    openFiles();
    assertThat(manager.tierOf("k")).isEqualTo("t1");
    try (MixChannel ch = manager.open("k", READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(model);
    }
  }

  @Test
  void shouldFinishTheSwitchWhenAHookFailsAfterTheSourceIsGone() throws IOException {
    openFiles();
    byte[] model = create("k", MIB);
    hook.failAt(MigrationStep.SOURCE_REMOVED, new IOException("injected late failure"));
    assertThatThrownBy(() -> manager.migrate("k", "t1")).hasMessage("injected late failure");
    assertThat(manager.tierOf("k")).isEqualTo("t1");
    try (MixChannel ch = manager.open("k", READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(model);
    }
  }

  private void assertSourceServes(String key, String tier, byte[] model) throws IOException {
    assertThat(manager.tierOf(key)).isEqualTo(tier);
    try (MixChannel ch = manager.open(key, READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(model);
    }
    try (Stream<Path> files = Files.walk(dir)) {
      assertThat(files.filter(p -> p.toString().endsWith(".migrating"))).isEmpty();
    }
    for (StorageTier t : spies.values()) {
      assertThat(t.incompleteKeys()).isEmpty();
    }
    assertThat(JmxProbe.lastError(manager)).isNotEmpty();
  }

  private byte[] create(String key, int bytes) throws IOException {
    byte[] model = Bytes.random(bytes, bytes);
    try (MixChannel ch = manager.open(key, CREATE, WRITE)) {
      Bytes.writeFully(ch, model, 0);
    }
    return model;
  }
}
