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
package dev.mixchannel.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SegmentedLogTest {

  @TempDir Path work;
  TierManager manager;

  @BeforeEach
  void open() throws IOException {
    MixChannelConfig config =
        MixChannelConfig.builder()
            .tier("pmem", TierKind.PMEM, 8L << 20, work.resolve("pmem"))
            .tier("disk", TierKind.HDD, -1, work.resolve("disk"))
            .pmemExtentSizeBytes(1L << 20)
            .pmemPretouch(false)
            .migrationThreshold(-1)
            .build();
    manager = TierManager.open(config);
  }

  @AfterEach
  void close() throws IOException {
    manager.close();
  }

  private static ByteBuffer record(int size, int seed) {
    ByteBuffer b = ByteBuffer.allocate(size);
    for (int i = 0; i < size; i++) {
      b.put((byte) (seed + i));
    }
    return b.flip();
  }

  @Test
  void shouldRollAndSealWhenASegmentIsFull() throws IOException {
    try (SegmentedLog log = new SegmentedLog(manager, "t-0", 4096)) {
      for (int i = 0; i < 10; i++) {
        assertThat(log.append(record(1000, i))).isEqualTo(i * 1008L);
      }
      // four 1008-byte records fit in 4096 bytes: segments start at 0, 4032 and 8064
      assertThat(log.segmentCount()).isEqualTo(3);
      assertThat(manager.keys())
          .containsExactly(
              "t-0/00000000000000000000.log",
              "t-0/00000000000000004032.log",
              "t-0/00000000000000008064.log");
      try (MixChannel first =
              manager.open("t-0/00000000000000000000.log", StandardOpenOption.READ);
          MixChannel last = manager.open("t-0/00000000000000008064.log", StandardOpenOption.READ)) {
        assertThat(first.isSealed()).isTrue();
        assertThat(last.isSealed()).isFalse();
      }
      ByteBuffer payload = ByteBuffer.allocate(2000);
      long next = log.read(4032, payload);
      assertThat(next).isEqualTo(5040);
      assertThat(payload).isEqualTo(record(1000, 4));
    }
  }

  @Test
  void shouldReportChecksumMismatchWhenAPayloadByteChanges() throws IOException {
    try (SegmentedLog log = new SegmentedLog(manager, "t-0", 1 << 20)) {
      log.append(record(100, 1));
      log.append(record(100, 2));
      try (MixChannel raw =
          manager.open("t-0/00000000000000000000.log", StandardOpenOption.WRITE)) {
        raw.write(ByteBuffer.wrap(new byte[] {42}), SegmentedLog.HEADER_BYTES + 50);
      }
      ByteBuffer payload = ByteBuffer.allocate(100);
      assertThatThrownBy(() -> log.read(0, payload))
          .isInstanceOf(ChecksumMismatchException.class)
          .hasMessageContaining("offset=0")
          .satisfies(e -> assertThat(((ChecksumMismatchException) e).nextOffset()).isEqualTo(108));
      assertThat(log.read(108, payload)).isEqualTo(216);
    }
  }

  @Test
  void shouldContinueWhereItEndedWhenReopened() throws IOException {
    try (SegmentedLog log = new SegmentedLog(manager, "t-0", 4096)) {
      for (int i = 0; i < 6; i++) {
        log.append(record(1000, i));
      }
    }
    try (SegmentedLog log = new SegmentedLog(manager, "t-0", 4096)) {
      assertThat(log.endOffset()).isEqualTo(6 * 1008L);
      assertThat(log.segmentCount()).isEqualTo(2);
      assertThat(log.append(record(10, 7))).isEqualTo(6 * 1008L);
    }
  }

  @Test
  void shouldDeleteOnlyWholeOldSegmentsWhenRetentionApplies() throws IOException {
    try (SegmentedLog log = new SegmentedLog(manager, "t-0", 4096)) {
      for (int i = 0; i < 10; i++) {
        log.append(record(1000, i));
      }
      assertThat(log.deleteSegmentsBefore(5000)).isEqualTo(1);
      assertThat(log.startOffset()).isEqualTo(4032);
      assertThat(log.deleteSegmentsBefore(Long.MAX_VALUE)).isEqualTo(1);
      assertThat(manager.keys()).containsExactly("t-0/00000000000000008064.log");
    }
  }

  @Test
  void shouldReadEveryRecordBackWhenTheTourRuns() throws IOException {
    manager.close();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int good =
        SegmentedLogTour.run(
            work.resolve("tour"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(good).isEqualTo(200);
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("into 4 segments")
        .contains("on disk")
        .contains("every checksum good: true");
  }
}
