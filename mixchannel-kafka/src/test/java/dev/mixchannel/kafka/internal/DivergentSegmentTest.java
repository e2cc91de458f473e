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
import static dev.mixchannel.kafka.internal.StoreFixture.SECOND_TAG;
import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.DivergentCopiesException;
import dev.mixchannel.api.RefusedCopyException;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.MixChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * Issue 17's scenario planted: a segment's bytes were on the fast tier and something wrote the
 * segment file meanwhile (a broker without the agent). Recovery keeps both copies and refuses the
 * key; the adapter turns that into an {@link IOException} for every segment of that key's log dir
 * (Kafka's log-dir failure handling takes that dir offline), never a silent choice, serves the
 * other log dir of the broker (JBOD) meanwhile, and serves the refused dir again once the key is
 * resolved. A key whose copy a tier refuses is refused the same way.
 */
@ExpectedLog(
    logger = "dev.mixchannel.kafka.internal.StoreOpening",
    level = Level.ERROR,
    contains = "copies on two tiers differ")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "complete copies on two tiers differ")
class DivergentSegmentTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000000.log";
  private static final String NEXT = "00000000000000000100.log";

  @TempDir Path temp;

  @Test
  void shouldKeepBothCopiesAndRefuseOnlyTheLogDirWhoseSegmentFileWasWrittenWithoutTheAgent()
      throws IOException {
    StoreFixture fx = StoreFixture.jbod(temp);
    fx.putHot(P, LOG, "acknowledged with the agent");
    fx.putHot(P, NEXT, "a later segment of the same dir");
    SegmentPath other = new SegmentPath(fx.secondLogDir, SECOND_TAG, P, LOG);
    putHot(fx, other, "a segment of the other log dir");
    fx.store.close();
    Files.writeString(fx.file(P, LOG), "acknowledged by a broker without the agent");

    fx.open();
    assertThat(fx.manager().divergentKeys()).containsExactly(key(P, LOG));
    assertThat(fx.manager().keys()).contains(key(P, NEXT), other.key()).doesNotContain(key(P, LOG));
    for (SegmentPath refused : List.of(fx.segment(P, LOG), fx.segment(P, NEXT))) {
      for (boolean mutable : new boolean[] {false, true}) {
        assertThatThrownBy(() -> fx.store.open(refused, mutable, 0))
            .isInstanceOf(IOException.class)
            .hasMessageContaining("log dir refused")
            .hasMessageContaining("logDir=" + fx.logDir)
            .hasMessageContaining("refusedKey=" + key(P, LOG))
            .hasMessageContaining("resolve")
            .hasCauseInstanceOf(DivergentCopiesException.class);
      }
      assertThatThrownBy(() -> fx.store.deleted(refused)).hasMessageContaining("log dir refused");
    }
    assertThat(read(fx.store.open(other, false, 0).orElseThrow()))
        .isEqualTo("a segment of the other log dir");
    fx.store.close();
    assertThat(fx.file(P, LOG)).hasContent("acknowledged by a broker without the agent");
    assertThat(temp.resolve("fast").resolve(key(P, LOG))).hasContent("acknowledged with the agent");
    assertThat(temp.resolve("fast").resolve(key(P, NEXT)))
        .hasContent("a later segment of the same dir");

    KafkaAdapter adapter = new KafkaAdapter(fx.settings(), null);
    try {
      assertThatThrownBy(() -> adapter.open(fx.file(P, LOG).toFile(), false, 0))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("copies on two tiers that differ");
      assertThatThrownBy(() -> adapter.open(fx.file(P, NEXT).toFile(), true, 0))
          .isInstanceOf(IOException.class);
      assertThat(read(adapter.open(other.anchor().toFile(), false, 0)))
          .isEqualTo("a segment of the other log dir");
    } finally {
      adapter.close();
    }
    assertThat(fx.file(P, LOG)).hasContent("acknowledged by a broker without the agent");

    // The operator keeps the fast copy (what mixchannel-tool resolve --keep fast does).
    try (var plain =
        dev.mixchannel.tiering.TierManager.builder(fx.settings().config())
            .startMigrator(false)
            .tier(
                new LogDirTier(
                    StoreFixture.LOGDIR,
                    fx.settings().logDirKind(),
                    LogDirs.of(fx.settings().logDirs(), fx.settings().config())))
            .build()) {
      assertThat(plain.divergentKeys()).containsExactly(key(P, LOG));
      plain.resolveDivergent(key(P, LOG), FAST);
    }
    fx.open();
    assertThat(fx.content(key(P, LOG))).isEqualTo("acknowledged with the agent");
    assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
    assertThat(read(fx.store.open(fx.segment(P, NEXT), false, 0).orElseThrow()))
        .isEqualTo("a later segment of the same dir");
    fx.close();
  }

  /**
   * A segment whose copy a tier refuses (a PMem slot that failed its checks after a crash; here the
   * PMem tier says so through {@link RefusingPmemTierProvider}) refuses its log dir as divergent
   * copies do; the refused copy is neither served nor created anew, and {@code Evacuate} leaves it
   * and keeps the dir's mark.
   */
  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.tiering.internal.Recovery",
      contains = "key refused, a tier refuses its copy")
  void shouldRefuseLogDirAndKeepItsMarkWhenATierRefusesTheCopyOfOneOfItsSegments()
      throws IOException {
    try (StoreFixture fx = StoreFixture.pmemRefusing(temp)) {
      putHot(fx, fx.segment(P, LOG), "acknowledged, then its slot was damaged");
      putHot(fx, fx.segment(P, NEXT), "a healthy segment of the same dir");
      fx.store.close();
      fx.refuseOnFastTier(key(P, LOG));

      fx.open();

      assertThat(fx.manager().refusedKeys()).containsExactly(key(P, LOG));
      for (String name : List.of(LOG, NEXT)) {
        for (boolean mutable : new boolean[] {false, true}) {
          assertThatThrownBy(() -> fx.store.open(fx.segment(P, name), mutable, 0))
              .isInstanceOf(IOException.class)
              .hasMessageContaining("log dir refused, a tier refuses its copy")
              .hasMessageContaining("file=" + fx.file(P, name))
              .hasMessageContaining("refusedKey=" + key(P, LOG))
              .hasCauseInstanceOf(RefusedCopyException.class);
        }
      }
      fx.store.close();
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      Evacuator.Result result =
          new Evacuator(
                  fx.settings(),
                  fx.settings().logDirs(),
                  new PrintStream(out, true, StandardCharsets.UTF_8))
              .run();

      assertThat(result.leftKeys()).containsExactly(key(P, LOG));
      assertThat(result.segments()).isEqualTo(1);
      assertThat(out.toString(StandardCharsets.UTF_8))
          .contains("left " + key(P, LOG) + ": a tier refuses its copy")
          .contains("kept the MixChannel mark of " + fx.logDir);
      assertThat(LogDirMark.isMarked(fx.logDir)).isTrue();
    }
  }

  /** A segment of any log dir on the fast tier, as {@link StoreFixture#putHot} makes one. */
  private static void putHot(StoreFixture fx, SegmentPath segment, String content)
      throws IOException {
    Files.createDirectories(segment.anchor().getParent());
    Files.createFile(segment.anchor());
    try (MixChannel channel =
        fx.manager().open(segment.key(), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)));
    }
  }

  private static String read(FileChannel channel) throws IOException {
    try (channel) {
      ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
      while (buffer.hasRemaining()) {
        if (channel.read(buffer, buffer.position()) < 0) {
          break;
        }
      }
      return new String(buffer.array(), StandardCharsets.UTF_8);
    }
  }
}
