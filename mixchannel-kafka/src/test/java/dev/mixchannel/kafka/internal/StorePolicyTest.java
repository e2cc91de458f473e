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
import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.tiering.KeyHold;
import dev.mixchannel.tiering.TierManagerAccess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migration policy over a fast tier of 1 MiB kept half full, with the log dir as the last tier:
 * Kafka's sealing rule decides what is demoted, holds and excluded topics what is never promoted.
 */
class StorePolicyTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000000.log";
  private static final String NEXT = "00000000000000000100.log";
  private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

  @TempDir Path temp;
  private StoreFixture fx;

  @BeforeEach
  void open() throws IOException {
    fx = StoreFixture.withPolicy(temp, 1 << 20);
  }

  @AfterEach
  void close() throws IOException {
    fx.close();
  }

  @Test
  void shouldDemoteOlderSegmentButNeverActiveOneWhenFastTierIsAboveWatermark() throws Exception {
    fx.putHot(P, LOG, "a".repeat(400 << 10));
    fx.putHot(P, NEXT, "b".repeat(400 << 10));
    Files.setLastModifiedTime(fx.file(P, LOG), OLD);
    fx.reopen();

    runPolicy();

    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    assertThat(fx.manager().tierOf(key(P, NEXT))).isEqualTo(FAST);
    assertThat(fx.fileContent(P, LOG)).isEqualTo("a".repeat(400 << 10));
    assertThat(Files.getLastModifiedTime(fx.file(P, LOG))).isEqualTo(OLD);
    assertThat(fx.file(P, NEXT)).hasBinaryContent(Placeholder.BYTES);
  }

  @Test
  void shouldPromoteColdSegmentWhenFastTierHasRoomLeavingAnEmptyPlaceholder() throws Exception {
    fx.putCold(P, LOG, "cold bytes");
    Files.setLastModifiedTime(fx.file(P, LOG), OLD);
    fx.reopen();

    runPolicy();

    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(FAST);
    assertThat(fx.content(key(P, LOG))).isEqualTo("cold bytes");
    assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
    assertThat(Files.getLastModifiedTime(fx.file(P, LOG))).isEqualTo(OLD);
  }

  @Test
  void shouldKeepHeldSegmentInItsFileUntilHoldIsClosedWhenPolicyWouldPromote() throws Exception {
    fx.putHot(P, LOG, "segment bytes");

    KeyHold hold = fx.store.holdInLogDir(fx.segment(P, LOG));
    runPolicy();

    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    assertThat(fx.fileContent(P, LOG)).isEqualTo("segment bytes");

    hold.close();
    runPolicy();

    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(FAST);
    assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
  }

  @Test
  void shouldNeverPromoteSegmentOfExcludedTopicWhenKafkaOwnsItsFile() throws Exception {
    fx.putHot(P, LOG, "excluded");
    fx.excludedTopics.add("topic");

    fx.store.releaseToKafka(fx.segment(P, LOG));
    runPolicy();

    assertThat(fx.fileContent(P, LOG)).isEqualTo("excluded");
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
  }

  @Test
  void shouldNeverPromoteColdSegmentOfExcludedTopicWhenStoreReopens() throws Exception {
    fx.excludedTopics.add("topic");
    fx.putCold(P, LOG, "written by Kafka itself");
    fx.putHot("other-0", LOG, "served");

    fx.reopen();
    runPolicy();

    assertThat(fx.fileContent(P, LOG)).isEqualTo("written by Kafka itself");
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    assertThat(TierManagerAccess.snapshotOf(fx.manager(), key(P, LOG)).held()).isTrue();
    assertThat(fx.manager().tierOf(key("other-0", LOG))).isEqualTo(FAST);
  }

  @Test
  void shouldHoldExcludedSegmentUnderItsNewNameWhenKafkaRenamesIt() throws Exception {
    fx.excludedTopics.add("topic");
    fx.putCold(P, LOG, "cold");
    fx.reopen();
    Files.move(fx.file(P, LOG), fx.file(P, LOG + ".deleted"));

    fx.store.renamed(null, fx.segment(P, LOG), fx.segment(P, LOG + ".deleted"));
    runPolicy();

    assertThat(fx.fileContent(P, LOG + ".deleted")).isEqualTo("cold");
    assertThat(TierManagerAccess.snapshotOf(fx.manager(), key(P, LOG + ".deleted")).held())
        .isTrue();
  }

  @Test
  void shouldHoldExcludedSegmentWhenAdoptedOnRenameOrRemoteCopy() throws Exception {
    fx.excludedTopics.add("topic");
    fx.putCold(P, LOG + ".swap", "compacted by Kafka itself");
    Files.move(fx.file(P, LOG + ".swap"), fx.file(P, LOG));

    fx.store.renamed(null, fx.segment(P, LOG + ".swap"), fx.segment(P, LOG));
    fx.putCold(P, NEXT, "uploaded");
    fx.store.holdInLogDir(fx.segment(P, NEXT)).close();
    runPolicy();

    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    assertThat(fx.manager().tierOf(key(P, NEXT))).isEqualTo(LOGDIR);
    assertThat(fx.fileContent(P, LOG)).isEqualTo("compacted by Kafka itself");
    assertThat(fx.fileContent(P, NEXT)).isEqualTo("uploaded");
  }

  private void runPolicy() throws InterruptedException {
    TierManagerAccess.doWork(fx.manager());
    TierManagerAccess.awaitMigrations(fx.manager(), Duration.ofSeconds(30));
  }
}
