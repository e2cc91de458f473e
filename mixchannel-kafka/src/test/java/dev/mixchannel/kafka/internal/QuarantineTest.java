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
package dev.mixchannel.kafka.internal;

import static dev.mixchannel.kafka.internal.StoreFixture.FAST;
import static dev.mixchannel.kafka.internal.StoreFixture.LOGDIR;
import static dev.mixchannel.kafka.internal.StoreFixture.RETENTION_MS;
import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.common.CommandLines;
import dev.mixchannel.kafka.QuarantineCommand;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.TierManagerAccess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Orphans in quarantine: renamed under the prefix, held, purged after the retention, restored. */
@ExpectedLog(
    logger = "dev.mixchannel.kafka.internal.Quarantine",
    contains = "quarantined a key that looks orphaned",
    reason = "every test quarantines a key")
class QuarantineTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000100.log";

  @TempDir Path temp;
  private StoreFixture fx;

  @AfterEach
  void close() throws IOException {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void shouldRenameUnderPrefixWithTimeAndHoldOnTierWhenKeyIsOrphaned() throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineOrphan("orphan bytes");

    assertThat(quarantined).isEqualTo("~quarantine/" + fx.clockMillis.get() + "/" + key(P, LOG));
    assertThat(Quarantine.originalOf(quarantined)).hasValue(key(P, LOG));
    assertThat(fx.manager().tierOf(quarantined)).isEqualTo(FAST);
    assertThat(TierManagerAccess.snapshotOf(fx.manager(), quarantined).held()).isTrue();
    assertThat(fx.content(quarantined)).isEqualTo("orphan bytes");
    assertThat(fx.store.quarantinedKeys()).containsExactly(FAST + " " + quarantined);
  }

  @Test
  void shouldKeepQuarantinedKeyOnFastTierWhenPolicyDemotes() throws Exception {
    fx = StoreFixture.withPolicy(temp, 1 << 20);
    String quarantined = quarantineOrphan("x".repeat(800 << 10));

    TierManagerAccess.doWork(fx.manager());
    TierManagerAccess.awaitMigrations(fx.manager(), Duration.ofSeconds(30));

    assertThat(fx.manager().tierOf(quarantined)).isEqualTo(FAST);
    assertThat(fx.manager().stats().migrationFailures()).isZero();
  }

  @Test
  void shouldPurgeQuarantinedKeyOnlyWhenRetentionHasPassed() throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineOrphan("orphan bytes");

    fx.clockMillis.addAndGet(RETENTION_MS - 1);
    fx.store.reconcile(true);
    assertThat(fx.manager().keys()).containsExactly(quarantined);

    fx.clockMillis.addAndGet(1);
    assertThat(fx.store.reconcile(true)).isEqualTo(1);
    assertThat(fx.manager().keys()).isEmpty();
  }

  @Test
  void shouldHoldQuarantinedKeysAgainAndPurgeThemWhenStoreReopens() throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineOrphan("orphan bytes");

    fx.reopen();
    assertThat(TierManagerAccess.snapshotOf(fx.manager(), quarantined).held()).isTrue();

    fx.clockMillis.addAndGet(RETENTION_MS);
    fx.reopen();
    assertThat(fx.manager().keys()).isEmpty();
  }

  @Test
  void shouldBringBackOriginalNameWhenRestoringQuarantinedKey() throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineOrphan("orphan bytes");
    fx.putPlaceholder(P, LOG);

    assertThat(fx.store.restore(quarantined)).isEqualTo(key(P, LOG));

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
    assertThat(fx.content(key(P, LOG))).isEqualTo("orphan bytes");
    assertThat(TierManagerAccess.snapshotOf(fx.manager(), key(P, LOG)).held()).isFalse();
    fx.clockMillis.addAndGet(RETENTION_MS);
    assertThat(fx.store.reconcile(false)).isZero();
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
  }

  @Test
  void shouldRefuseRestoreWhenKeyIsNotQuarantined() throws IOException {
    fx = StoreFixture.files(temp);
    fx.putHot(P, LOG, "live");

    assertThatThrownBy(() -> fx.store.restore(key(P, LOG)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a quarantined key");
  }

  @Test
  void shouldRefuseRestoreAndChangeNothingWhenKafkaCreatedSegmentOfSameNameSince()
      throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineByNewSegment("left over from a deleted segment", "acked");

    assertThatThrownBy(() -> fx.store.restore(quarantined))
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessageStartingWith(key(P, LOG) + ": restore refused")
        .hasMessageContaining("quarantined=" + quarantined)
        .hasMessageContaining("tier=" + FAST)
        .hasMessageContaining(AdapterSettings.QUARANTINE_RETENTION_MS);

    assertUnchanged(quarantined, "left over from a deleted segment", "acked");
  }

  @Test
  void shouldRefuseRestoreAndKeepFileWhenSegmentOfSameNameIsOnLogDirTier() throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineOrphan("orphan bytes");
    fx.putCold(P, LOG, "acked on disk");
    fx.reopen();
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);

    assertThatThrownBy(() -> fx.store.restore(quarantined))
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessageContaining("quarantined=" + quarantined)
        .hasMessageContaining("tier=" + LOGDIR);

    assertThat(fx.fileContent(P, LOG)).isEqualTo("acked on disk");
    assertUnchanged(quarantined, "orphan bytes", "acked on disk");
  }

  @Test
  void shouldRefuseRestoreWhenSegmentFileOfSameNameHasBytesTheManagerHasNotIndexed()
      throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineOrphan("orphan bytes");
    // A file Kafka renamed onto the name, whose key has not followed yet: only the file knows.
    fx.putCold(P, LOG, "acked on disk");
    assertThat(fx.manager().exists(key(P, LOG))).isFalse();

    assertThatThrownBy(() -> fx.store.restore(quarantined))
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessageContaining("quarantined=" + quarantined)
        .hasMessageContaining("tier=" + LOGDIR);

    assertThat(fx.fileContent(P, LOG)).isEqualTo("acked on disk");
    assertThat(fx.manager().keys()).containsExactly(quarantined);
    assertThat(fx.content(quarantined)).isEqualTo("orphan bytes");
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.StoreOpening",
      contains = "belongs to no known log dir")
  void shouldRefuseRestoreAndChangeNothingWhenOriginalLogDirIsNotKnownAndOnline()
      throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineOrphan("orphan bytes");
    fx.putPlaceholder(P, LOG);
    String foreign = Quarantine.PREFIX + "1/OTHERLOGDIRTAGAAAAAAAA/" + P + "/" + LOG;
    fx.putForeign(foreign);
    Path meta = fx.logDir.resolve(LogDirs.META_PROPERTIES);
    Path aside = temp.resolve("meta.aside");

    assertRestoreRefused(foreign, "logDir=unknown");
    fx.offline.add(fx.logDir);
    assertRestoreRefused(quarantined, "logDir=" + fx.logDir);
    fx.offline.clear();
    Files.move(meta, aside);
    assertRestoreRefused(quarantined, "logDir=" + fx.logDir);
    Files.move(aside, meta);

    assertThat(fx.manager().keys()).containsExactlyInAnyOrder(quarantined, foreign);
    assertThat(fx.content(quarantined)).isEqualTo("orphan bytes");
    assertThat(fx.store.restore(quarantined)).isEqualTo(key(P, LOG));
  }

  private void assertRestoreRefused(String quarantined, String logDir) {
    assertThatThrownBy(() -> fx.store.restore(quarantined))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("restore refused, the log dir of the original key is not known and")
        .hasMessageContaining("quarantined=" + quarantined)
        .hasMessageContaining(logDir)
        .hasMessageContaining("nothing changed");
  }

  @Test
  void shouldExitWithFailureAndPrintRefusalWhenQuarantineCommandRestoresOverLiveSegment()
      throws IOException {
    fx = StoreFixture.files(temp);
    String quarantined = quarantineByNewSegment("left over from a deleted segment", "acked");
    fx.store.close();
    Path settings = fx.writeSettings();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int code =
        QuarantineCommand.run(
            new String[] {settings.toString(), "restore", quarantined}, stream(out), stream(err));

    assertThat(code).isEqualTo(CommandLines.FAILURE);
    assertThat(out.toString(Charset.defaultCharset())).isEmpty();
    assertThat(err.toString(Charset.defaultCharset()))
        .startsWith("QuarantineCommand: ")
        .contains("quarantined=" + quarantined)
        .contains("tier=" + FAST)
        .contains(AdapterSettings.QUARANTINE_RETENTION_MS);
    fx.open();
    assertUnchanged(quarantined, "left over from a deleted segment", "acked");
  }

  /**
   * The scenario of a restore over a live segment: a stale key is quarantined because Kafka creates
   * a new segment of its name, which then receives records.
   */
  private String quarantineByNewSegment(String stale, String acked) throws IOException {
    fx.putOrphan(P, LOG, stale);
    try (FileChannel channel = fx.store.open(fx.segment(P, LOG), true, 0).orElseThrow()) {
      channel.write(ByteBuffer.wrap(acked.getBytes(StandardCharsets.UTF_8)));
    }
    String quarantined = Quarantine.PREFIX + fx.clockMillis.get() + "/" + key(P, LOG);
    assertThat(fx.manager().keys()).containsExactlyInAnyOrder(key(P, LOG), quarantined);
    return quarantined;
  }

  /** The live key keeps its bytes and the quarantined one stays quarantined, held on its tier. */
  private void assertUnchanged(String quarantined, String stale, String acked) throws IOException {
    assertThat(fx.manager().keys()).containsExactlyInAnyOrder(key(P, LOG), quarantined);
    assertThat(fx.content(key(P, LOG))).isEqualTo(acked);
    assertThat(fx.content(quarantined)).isEqualTo(stale);
    assertThat(fx.manager().tierOf(quarantined)).isEqualTo(FAST);
    assertThat(TierManagerAccess.snapshotOf(fx.manager(), quarantined).held()).isTrue();
  }

  private static PrintStream stream(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, Charset.defaultCharset());
  }

  private String quarantineOrphan(String content) throws IOException {
    fx.putOrphan(P, LOG, content);
    assertThat(fx.store.reconcile(false)).isEqualTo(1);
    assertThat(fx.manager().keys()).hasSize(1);
    return fx.manager().keys().get(0);
  }
}
