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

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.common.CommandLines;
import dev.mixchannel.kafka.Evacuate;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Evacuation demotes every key into its own segment file, and can be run again. */
class EvacuatorTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000000.log";
  private static final String NEXT = "00000000000000000042.log";
  private static final String COLD = "00000000000000000084.log";
  private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

  @TempDir Path temp;

  @Test
  void shouldDemoteEveryKeyIntoItsFileWhenEvacuating() throws IOException {
    AdapterSettings settings = prepare();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Evacuator.Result result = evacuate(settings, out);

    assertThat(result.segments()).isEqualTo(2);
    assertThat(result.bytes()).isEqualTo("first".length() + "second segment".length());
    assertThat(result.leftKeys()).isEmpty();
    Path partition = temp.resolve("logs").resolve(P);
    assertThat(Files.readString(partition.resolve(LOG))).isEqualTo("first");
    assertThat(Files.getLastModifiedTime(partition.resolve(LOG))).isEqualTo(OLD);
    assertThat(Files.readString(partition.resolve(NEXT))).isEqualTo("second segment");
    assertThat(Files.readString(partition.resolve(COLD))).isEqualTo("cold already");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("demoting 2 segments")
        .contains("demoted 2/2 segments")
        .contains("done: 2 segments");
    try (StoreFixture fx = StoreFixture.files(temp)) {
      assertThat(fx.manager().keys())
          .containsExactlyInAnyOrder(key(P, LOG), key(P, NEXT), key(P, COLD));
      for (String key : fx.manager().keys()) {
        assertThat(fx.manager().tierOf(key)).isEqualTo(LOGDIR);
      }
      assertThat(fx.manager().stats().tiers().get(0).keyCount()).isZero();
    }
  }

  @Test
  void shouldFinishInterruptedEvacuationWithoutCopyingAgainWhenRunTwice() throws IOException {
    AdapterSettings settings = prepare();
    Path partition = temp.resolve("logs").resolve(P);
    try (StoreFixture fx = StoreFixture.files(temp)) {
      fx.manager().migrate(key(P, LOG), LOGDIR);
    }
    // An earlier run was killed while copying the next segment.
    Files.writeString(partition.resolve(NEXT + StorageTier.INCOMPLETE_SUFFIX), "partial");

    Evacuator.Result result = evacuate(settings, new ByteArrayOutputStream());

    assertThat(result.segments()).isEqualTo(1);
    assertThat(result.bytes()).isEqualTo("second segment".length());
    assertThat(partition.resolve(NEXT + StorageTier.INCOMPLETE_SUFFIX)).doesNotExist();
    assertThat(Files.readString(partition.resolve(NEXT))).isEqualTo("second segment");
    assertThat(evacuate(settings, new ByteArrayOutputStream()).segments()).isZero();
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.StoreOpening",
      contains = "belongs to no known log dir")
  void shouldReportKeysAsLeftWhenTheirLogDirIsUnknown() throws IOException {
    AdapterSettings settings = prepare();
    String foreign = "OTHERTAGAAAAAAAAAAAAAA/t-1/" + LOG;
    try (StoreFixture fx = StoreFixture.files(temp)) {
      fx.putForeign(foreign);
    }

    Evacuator.Result result = evacuate(settings, new ByteArrayOutputStream());

    assertThat(result.leftKeys()).containsExactly(foreign);
    assertThat(result.segments()).isEqualTo(2);
  }

  @Test
  @LostSegmentsRefused
  void shouldKeepMarkAndListPlaceholdersWhoseKeysNoTierHoldsWhenEvacuating() throws IOException {
    prepare();
    Path settings;
    Path logDir;
    try (StoreFixture fx = StoreFixture.files(temp)) {
      assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
      settings = fx.writeSettings();
      logDir = fx.logDir;
      fx.loseFastTier();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int code =
        Evacuate.run(
            new String[] {settings.toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(CommandLines.PROBLEMS);
    Path partition = logDir.resolve(P);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("left " + key(P, LOG) + ": its file " + partition.resolve(LOG))
        .contains("left " + key(P, NEXT))
        .contains("kept the MixChannel mark of " + logDir)
        .doesNotContain("removed the MixChannel mark");
    assertThat(LogDirMark.isMarked(logDir)).isTrue();
    assertThat(partition.resolve(LOG)).hasBinaryContent(Placeholder.BYTES);
    assertThat(partition.resolve(NEXT)).hasBinaryContent(Placeholder.BYTES);
    assertThat(Files.readString(partition.resolve(COLD))).isEqualTo("cold already");
  }

  private AdapterSettings prepare() throws IOException {
    try (StoreFixture fx = StoreFixture.files(temp)) {
      fx.putHot(P, LOG, "first");
      Files.setLastModifiedTime(fx.file(P, LOG), OLD);
      fx.putHot(P, NEXT, "second segment");
      fx.putCold(P, COLD, "cold already");
      return fx.settings();
    }
  }

  private static Evacuator.Result evacuate(AdapterSettings settings, ByteArrayOutputStream out)
      throws IOException {
    return new Evacuator(
            settings, settings.logDirs(), new PrintStream(out, true, StandardCharsets.UTF_8))
        .run();
  }
}
