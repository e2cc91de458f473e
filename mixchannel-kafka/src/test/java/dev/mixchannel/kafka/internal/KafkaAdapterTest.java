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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adapter of one process: excluded topics are left to Kafka, and a second process (a tool with
 * the agent while the broker holds the tiers) reads segment files as they are.
 */
class KafkaAdapterTest {

  private static final String LOG = "00000000000000000000.log";

  @TempDir Path temp;
  private AdapterSettings settings;
  private Path logDir;
  private KafkaAdapter broker;
  private KafkaAdapter tool;

  @BeforeEach
  void open() throws IOException {
    AdapterSettings base;
    try (StoreFixture fx = StoreFixture.files(temp)) {
      base = fx.settings();
      logDir = fx.logDir;
    }
    settings =
        new AdapterSettings(
            base.source(),
            base.config(),
            base.logDirs(),
            0,
            0,
            base.quarantineRetentionMillis(),
            base.logDirKind(),
            Pattern.compile("audit"),
            "");
    Files.createDirectories(logDir.resolve("orders-0"));
    Files.createDirectories(logDir.resolve("audit-0"));
    broker = new KafkaAdapter(settings, null);
    tool = new KafkaAdapter(settings, null);
  }

  @AfterEach
  void close() throws IOException {
    tool.close();
    broker.close();
  }

  @Test
  void shouldServeSegmentAndLeaveExcludedTopicToKafkaWhenBrokerOpensThem() throws IOException {
    try (FileChannel channel = broker.open(segment("orders-0"), true, 0)) {
      assertThat(channel).isInstanceOf(AnchorChannel.class);
      channel.write(ByteBuffer.wrap("record".getBytes(StandardCharsets.UTF_8)));
    }
    assertThat(segment("orders-0")).hasBinaryContent(Placeholder.BYTES);

    assertThat(broker.open(segment("audit-0"), true, 0)).isNull();
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.KafkaAdapter",
      contains = "in use by another process")
  void shouldLetToolReadFilesAsTheyAreWhenBrokerHoldsTheTiers() throws IOException {
    Files.writeString(segment("audit-0").toPath(), "excluded, written by Kafka");
    Files.writeString(logDir.resolve("orders-0").resolve("00000000000000000100.log"), "cold");
    try (FileChannel channel = broker.open(segment("orders-0"), true, 0)) {
      assertThat(tool.open(segment("audit-0"), false, 0)).isNull();
      assertThat(
              tool.open(
                  logDir.resolve("orders-0").resolve("00000000000000000100.log").toFile(),
                  false,
                  0))
          .isNull();
      assertThatThrownBy(() -> tool.open(segment("orders-0"), true, 0))
          .isInstanceOf(StorageInUseException.class);
    }
  }

  private File segment(String partitionDir) {
    return logDir.resolve(partitionDir).resolve(LOG).toFile();
  }
}
