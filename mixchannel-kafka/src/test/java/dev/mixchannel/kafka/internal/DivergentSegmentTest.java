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
import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.DivergentCopiesException;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * Issue 17's scenario planted: a segment's bytes were on the fast tier and something wrote the
 * segment file meanwhile (a broker without the agent). Recovery keeps both copies and refuses the
 * key; the adapter turns that into an {@link IOException} for every segment Kafka opens (Kafka's
 * log-dir failure handling), never a silent choice, and serves again once the key is resolved.
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

  @TempDir Path temp;

  @Test
  void shouldKeepBothCopiesAndFailEveryOpenWhenSegmentFileWasWrittenWithoutTheAgent()
      throws IOException {
    StoreFixture fx = StoreFixture.files(temp);
    fx.putHot(P, LOG, "acknowledged with the agent");
    fx.store.close();
    Files.writeString(fx.file(P, LOG), "acknowledged by a broker without the agent");

    assertThatThrownBy(fx::open)
        .isInstanceOf(IOException.class)
        .hasMessageContaining(key(P, LOG))
        .hasMessageContaining("log dir " + fx.logDir)
        .hasMessageContaining("resolve")
        .hasCauseInstanceOf(DivergentCopiesException.class);
    assertThat(fx.file(P, LOG)).hasContent("acknowledged by a broker without the agent");
    assertThat(temp.resolve("fast").resolve(key(P, LOG))).hasContent("acknowledged with the agent");

    KafkaAdapter adapter = new KafkaAdapter(fx.settings(), null);
    try {
      assertThatThrownBy(() -> adapter.open(fx.file(P, LOG).toFile(), false, 0))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("copies on two tiers differ");
      assertThatThrownBy(() -> adapter.open(fx.file(P, LOG).toFile(), true, 0))
          .isInstanceOf(IOException.class);
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
    fx.close();
  }
}
