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

import static dev.mixchannel.kafka.internal.StoreFixture.LOGDIR;
import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * The reconciler: keys one Kafka rename behind follow their file, orphans go to quarantine (or are
 * deleted with a partition directory Kafka deleted on purpose), cold keys whose file Kafka deleted
 * are forgotten, and nothing happens to the keys of a log dir that does not answer.
 */
@ExpectedLog(
    logger = "dev.mixchannel.kafka.internal.Quarantine",
    contains = "quarantined a key that looks orphaned",
    reason = "the reconciler quarantines orphans, which most tests make")
class ReconcilerTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000100.log";
  private static final String NEXT = "00000000000000000200.log";
  private static final String HEX = "0123456789abcdef0123456789abcdef";
  private static final int MANY_PASSES = 10;

  @TempDir Path temp;
  private StoreFixture fx;

  @BeforeEach
  void open() throws IOException {
    fx = StoreFixture.files(temp);
  }

  @AfterEach
  void close() throws IOException {
    fx.close();
  }

  @Test
  void shouldLeaveKeyAloneWhenItsFileExists() throws IOException {
    fx.putHot(P, LOG, "live");

    assertThat(fx.store.reconcile(false)).isZero();
    assertThat(fx.content(key(P, LOG))).isEqualTo("live");
  }

  @Test
  void shouldQuarantineNotDeleteKeysWhenBrokerDeletedTheirFiles() throws IOException {
    fx.putOrphan(P, LOG + ".deleted", "gone");
    fx.putOrphan(P, LOG + ".cleaned", "gone too");

    assertThat(fx.store.reconcile(false)).isEqualTo(2);

    String prefix = Quarantine.PREFIX + fx.clockMillis.get() + "/";
    assertThat(fx.manager().keys())
        .containsExactlyInAnyOrder(
            prefix + key(P, LOG + ".cleaned"), prefix + key(P, LOG + ".deleted"));
    assertThat(fx.content(prefix + key(P, LOG + ".cleaned"))).isEqualTo("gone too");
    assertThat(fx.store.counters().sweepQuarantines.sum()).isEqualTo(2);
    assertThat(fx.store.counters().sweepDeletes.sum()).isZero();
  }

  @Test
  void shouldRenameKeyWhenCrashFollowedRenameToDeleted() throws IOException {
    fx.putOrphan(P, LOG, "old");
    fx.putPlaceholder(P, LOG + ".deleted");

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
    assertThat(fx.content(key(P, LOG + ".deleted"))).isEqualTo("old");
    assertThat(fx.store.counters().sweepRenames.sum()).isEqualTo(1);
  }

  @Test
  void shouldRenameKeyWhenCrashFollowedRenameCleanedToSwap() throws IOException {
    fx.putOrphan(P, LOG + ".cleaned", "compacted");
    fx.putPlaceholder(P, LOG + ".swap");

    fx.store.reconcile(false);

    assertThat(fx.content(key(P, LOG + ".swap"))).isEqualTo("compacted");
  }

  @Test
  void shouldRenameKeyWhenCrashFollowedRenameSwapToLive() throws IOException {
    fx.putOrphan(P, LOG + ".swap", "compacted");
    fx.putPlaceholder(P, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
    assertThat(fx.content(key(P, LOG))).isEqualTo("compacted");
  }

  @Test
  void shouldQuarantineDeletedKeyWhenNewSegmentOfSameOffsetExists() throws IOException {
    fx.putOrphan(P, LOG + ".deleted", "stale");
    fx.putPlaceholder(P, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().exists(key(P, LOG))).isFalse();
    assertThat(fx.manager().keys()).allMatch(Quarantine::isQuarantined).hasSize(1);
  }

  @Test
  void shouldNotRenameOrphanWhenItsSuccessorFileHasKey() throws IOException {
    fx.putOrphan(P, LOG + ".swap", "abandoned swap");
    fx.putHot(P, LOG, "original");

    fx.store.reconcile(false);

    assertThat(fx.content(key(P, LOG))).isEqualTo("original");
    assertThat(fx.manager().exists(key(P, LOG + ".swap"))).isFalse();
  }

  @Test
  void shouldQuarantineNotRenameOrphanOntoSuccessorFileThatHoldsSegmentBytes() throws IOException {
    fx.putOrphan(P, LOG, "hot bytes");
    fx.putCold(P, LOG + ".deleted", "a segment's own bytes");

    fx.store.reconcile(false);

    String quarantined = Quarantine.PREFIX + fx.clockMillis.get() + "/" + key(P, LOG);
    assertThat(fx.manager().keys()).containsExactly(quarantined);
    assertThat(fx.content(quarantined)).isEqualTo("hot bytes");
    assertThat(fx.fileContent(P, LOG + ".deleted")).isEqualTo("a segment's own bytes");
  }

  @Test
  void shouldFollowRenameOntoKeylessWholePlaceholderBeforeJudgingItLostWhenStoreOpens()
      throws IOException {
    fx.putHot(P, LOG, "renamed by Kafka, key one step behind");
    fx.reopen();
    Files.move(fx.file(P, LOG), fx.file(P, LOG + ".deleted"));
    assertThat(fx.file(P, LOG + ".deleted")).hasBinaryContent(Placeholder.BYTES);

    fx.reopen();

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
    assertThat(fx.store.open(fx.segment(P, LOG + ".deleted"), false, 0)).isPresent();
  }

  @Test
  @LostSegmentsRefused
  void shouldRefuseLogDirAtStartAndLeaveKeylessPlaceholderAloneInEverySweep() throws IOException {
    fx.putHot(P, NEXT, "a hot segment of the same dir");
    Files.write(fx.file(P, LOG), Placeholder.BYTES);

    fx.reopen();
    for (int i = 0; i < MANY_PASSES; i++) {
      assertThat(fx.store.reconcile(true)).isZero();
    }

    assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
    assertThat(fx.manager().keys()).containsExactly(key(P, NEXT));
    assertThatThrownBy(() -> fx.store.open(fx.segment(P, NEXT), false, 0))
        .hasMessageContaining("log dir refused")
        .hasMessageContaining("refusedKey=" + key(P, LOG));
  }

  @Test
  void shouldRenameKeyWhenBrokerRenamedPartitionDirectoryForDeletion() throws IOException {
    String deleteDir = P + "." + HEX + "-delete";
    fx.putOrphan(P, LOG, "moved");
    fx.putPlaceholder(deleteDir, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(deleteDir, LOG));
  }

  @Test
  void shouldDeleteKeyWhenKafkaDeletedItsRenamedPartitionDirectory() throws IOException {
    String deleteDir = P + "." + HEX + "-delete";
    fx.putOrphan(deleteDir, LOG, "deleted topic");
    Files.delete(fx.logDir.resolve(deleteDir));

    assertThat(fx.store.reconcile(false)).isEqualTo(1);

    assertThat(fx.manager().keys()).isEmpty();
    assertThat(fx.store.counters().sweepDeletes.sum()).isEqualTo(1);
  }

  @Test
  void shouldQuarantineKeyWhenItsPlainPartitionDirectoryIsGone() throws IOException {
    fx.putOrphan(P, LOG, "partition gone");
    Files.delete(fx.logDir.resolve(P));

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).allMatch(Quarantine::isQuarantined).hasSize(1);
  }

  @Test
  void shouldRenameKeyWhenFutureReplicaBecameCurrent() throws IOException {
    String futureDir = P + "." + HEX + "-future";
    fx.putOrphan(futureDir, LOG, "promoted");
    fx.putPlaceholder(P, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.Reconciler",
      level = Level.ERROR,
      contains = "left a key alone")
  void shouldLeaveKeyAloneWhenTwoRenamedDirectoriesCouldHoldItsFile() throws IOException {
    fx.putOrphan(P, LOG, "ambiguous");
    fx.putPlaceholder(P + "." + HEX + "-delete", LOG);
    fx.putPlaceholder(P + "." + HEX.replace('0', 'f') + "-stray", LOG);

    assertThat(fx.store.reconcile(false)).isZero();
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.StoreOpening",
      contains = "belongs to no known log dir")
  void shouldLeaveKeysAloneWhenTheirLogDirIsUnknownOrTheyAreForeign() throws IOException {
    String foreign = "OTHERLOGDIRTAGAAAAAAAA/" + P + "/" + LOG;
    fx.putForeign(foreign);
    fx.putForeign("not-a-segment");

    for (int i = 0; i < MANY_PASSES; i++) {
      assertThat(fx.store.reconcile(true)).isZero();
    }
    assertThat(fx.manager().keys()).containsExactlyInAnyOrder(foreign, "not-a-segment");
  }

  @Test
  void shouldForgetColdKeyWhenKafkaDeletedItsFile() throws IOException {
    fx.putCold(P, LOG, "cold");
    fx.reopen();
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    Files.delete(fx.file(P, LOG));

    assertThat(fx.store.reconcile(false)).isEqualTo(1);

    assertThat(fx.manager().keys()).isEmpty();
    assertThat(fx.file(P, LOG)).doesNotExist();
  }

  @Test
  void shouldActOnlyOnOrphansSeenTwiceWhenConfirming() throws IOException {
    fx.putOrphan(P, LOG, "orphan");

    assertThat(fx.store.reconcile(true)).isZero();
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));

    assertThat(fx.store.reconcile(true)).isEqualTo(1);
    assertThat(fx.manager().keys()).allMatch(Quarantine::isQuarantined).hasSize(1);
  }

  @Test
  void shouldForgetSuspectWhenItsFileReappearsBetweenSweeps() throws IOException {
    fx.putOrphan(P, LOG, "in flight");
    fx.store.reconcile(true);
    fx.putPlaceholder(P, LOG);
    fx.store.reconcile(true);
    Files.delete(fx.file(P, LOG));

    assertThat(fx.store.reconcile(true)).isZero();
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
  }

  @Test
  void shouldReconcileWhenStoreOpens() throws IOException {
    fx.putOrphan(P, LOG, "old");
    fx.putPlaceholder(P, LOG + ".deleted");

    fx.reopen();

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.StoreOpening",
      contains = "belongs to no known log dir")
  void shouldDoNothingWhenLogDirIsRenamedAwayEvenAfterManyPassesAndRestarts() throws IOException {
    layoutOfHotAndColdSegments();
    Path away = temp.resolve("away");
    Files.move(fx.logDir, away);

    confirmedPassesDoNothing();
    fx.reopen();
    confirmedPassesDoNothing();
    Files.move(away, fx.logDir);
    fx.reopen();

    assertNothingLost();
  }

  @Test
  void shouldDoNothingWhenMetaPropertiesNamesAnotherDirectoryId() throws IOException {
    layoutOfHotAndColdSegments();
    Path meta = fx.logDir.resolve(LogDirs.META_PROPERTIES);
    String original = Files.readString(meta);
    Files.delete(fx.file(P, LOG));
    Files.delete(fx.file(P, NEXT));
    Files.writeString(meta, "directory.id=BBBBBBBBBBBBBBBBBBBBBQ\n");

    confirmedPassesDoNothing();
    Files.writeString(meta, original);
    fx.putPlaceholder(P, LOG);
    fx.putCold(P, NEXT, "cold");

    assertNothingLost();
  }

  @Test
  void shouldDoNothingWhenMetaPropertiesIsUnreadable() throws IOException {
    layoutOfHotAndColdSegments();
    Path meta = fx.logDir.resolve(LogDirs.META_PROPERTIES);
    Path aside = temp.resolve("meta.aside");
    Files.move(meta, aside);
    Files.delete(fx.file(P, LOG));

    confirmedPassesDoNothing();
    Files.move(aside, meta);
    fx.putPlaceholder(P, LOG);

    assertNothingLost();
  }

  @Test
  void shouldDoNothingWhenKafkaMarkedLogDirOffline() throws IOException {
    layoutOfHotAndColdSegments();
    fx.offline.add(fx.logDir);
    Path partition = fx.logDir.resolve(P);
    Path aside = temp.resolve("partition.aside");
    Files.move(partition, aside);

    confirmedPassesDoNothing();
    Files.move(aside, partition);
    fx.offline.clear();

    assertNothingLost();
  }

  /** A hot segment, a cold one (adopted when the store opened) and a quarantine-free store. */
  private void layoutOfHotAndColdSegments() throws IOException {
    fx.putHot(P, LOG, "hot bytes");
    fx.putCold(P, NEXT, "cold");
    fx.reopen();
    assertThat(fx.manager().tierOf(key(P, NEXT))).isEqualTo(LOGDIR);
  }

  private void confirmedPassesDoNothing() throws IOException {
    List<String> before = fx.manager().keys();
    for (int i = 0; i < MANY_PASSES; i++) {
      assertThat(fx.store.reconcile(true)).as("actions in pass %d", i).isZero();
      fx.clockMillis.addAndGet(StoreFixture.RETENTION_MS);
    }
    assertThat(fx.manager().keys()).isEqualTo(before);
    assertThat(fx.store.counters().sweepQuarantines.sum()).isZero();
    assertThat(fx.store.counters().sweepDeletes.sum()).isZero();
  }

  private void assertNothingLost() throws IOException {
    for (int i = 0; i < 3; i++) {
      fx.store.reconcile(true);
    }
    fx.reopen();
    assertThat(fx.manager().keys()).containsExactlyInAnyOrder(key(P, LOG), key(P, NEXT));
    assertThat(fx.content(key(P, LOG))).isEqualTo("hot bytes");
    assertThat(fx.content(key(P, NEXT))).isEqualTo("cold");
    assertThat(fx.fileContent(P, NEXT)).isEqualTo("cold");
  }
}
