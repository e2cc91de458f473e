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

import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log-dir mark over a store's life: written before the first byte of the dir goes to a fast
 * tier (a new segment, a promotion), written when the tiers open for a dir an earlier adapter left
 * unmarked, and removed by {@code Evacuate} only once nothing of the dir is on a fast tier.
 */
class LogDirMarksTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000000.log";
  private static final String NEXT = "00000000000000000100.log";

  @TempDir Path temp;

  @Test
  void shouldMarkLogDirBeforeFirstSegmentBytesGoToFastTier() throws IOException {
    try (StoreFixture fx = StoreFixture.files(temp)) {
      fx.putCold(P, LOG, "cold, written by Kafka");
      fx.reopen();
      fx.store.open(fx.segment(P, LOG), false, 0).orElseThrow().close();
      assertThat(LogDirMark.isMarked(fx.logDir)).as("nothing on a fast tier yet").isFalse();

      try (FileChannel channel = fx.store.open(fx.segment(P, NEXT), true, 0).orElseThrow()) {
        assertThat(LogDirMark.isMarked(fx.logDir)).isTrue();
        channel.write(ByteBuffer.wrap("hot".getBytes(StandardCharsets.UTF_8)));
      }
      assertThat(fx.manager().tierOf(key(P, NEXT))).isEqualTo(FAST);
    }
  }

  @Test
  void shouldMarkLogDirBeforeColdSegmentIsPromoted() throws IOException {
    try (StoreFixture fx = StoreFixture.files(temp)) {
      fx.putCold(P, LOG, "cold");
      fx.reopen();
      assertThat(LogDirMark.isMarked(fx.logDir)).isFalse();

      fx.manager().migrate(key(P, LOG), FAST);

      assertThat(LogDirMark.isMarked(fx.logDir)).isTrue();
      assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
    }
  }

  @Test
  void shouldMarkLogDirAndFillPlaceholdersWhenAnEarlierAdapterLeftThemUnmarked()
      throws IOException {
    try (StoreFixture fx = StoreFixture.files(temp)) {
      fx.putHot(P, LOG, "hot bytes");
      fx.store.close();
      // What the adapter before the mark left: an empty placeholder and an unmarked dir.
      LogDirMark.unmark(fx.logDir);
      Files.write(fx.file(P, LOG), new byte[0]);

      fx.open();

      assertThat(LogDirMark.isMarked(fx.logDir)).isTrue();
      assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
      assertThat(fx.content(key(P, LOG))).isEqualTo("hot bytes");
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.Quarantine",
      contains = "quarantined a key that looks orphaned")
  void shouldRemoveMarkOnlyWhenEvacuateLeftNothingOfTheDirOnAFastTier() throws IOException {
    AdapterSettings settings;
    try (StoreFixture fx = StoreFixture.files(temp)) {
      fx.putHot(P, LOG, "first");
      fx.putOrphan(P, NEXT, "second, its file gone");
      // Evacuate judges the quarantine's age by the wall clock.
      fx.clockMillis.set(System.currentTimeMillis());
      assertThat(fx.store.reconcile(false)).isEqualTo(1);
      settings = fx.settings();
    }
    Path logDir = temp.resolve("logs");
    assertThat(LogDirMark.isMarked(logDir)).isTrue();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Evacuator.Result left = evacuate(settings, out);
    assertThat(left.leftKeys()).hasSize(1);
    assertThat(LogDirMark.isMarked(logDir)).as("a quarantined key is left").isTrue();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("kept the MixChannel mark of");

    try (StoreFixture fx = StoreFixture.files(temp)) {
      String quarantined =
          fx.manager().keys().stream().filter(Quarantine::isQuarantined).findFirst().orElseThrow();
      fx.manager().delete(quarantined);
    }
    out.reset();
    Evacuator.Result done = evacuate(settings, out);
    assertThat(done.leftKeys()).isEmpty();
    assertThat(LogDirMark.isMarked(logDir)).isFalse();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("removed the MixChannel mark of");
    try (StoreFixture fx = StoreFixture.files(temp)) {
      assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
      assertThat(fx.fileContent(P, LOG)).isEqualTo("first");
    }
  }

  private static Evacuator.Result evacuate(AdapterSettings settings, ByteArrayOutputStream out)
      throws IOException {
    return new Evacuator(
            settings,
            List.of(settings.logDirs().get(0)),
            new PrintStream(out, true, StandardCharsets.UTF_8))
        .run();
  }
}
