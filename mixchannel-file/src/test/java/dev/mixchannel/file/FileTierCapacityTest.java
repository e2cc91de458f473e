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
package dev.mixchannel.file;

import static dev.mixchannel.file.TierTestSupport.CREATE_RW;
import static dev.mixchannel.file.TierTestSupport.RW;
import static dev.mixchannel.file.TierTestSupport.config;
import static dev.mixchannel.file.TierTestSupport.writeBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTierCapacityTest {

  @TempDir Path tempDir;

  @Test
  void shouldFollowWritesThroughOpenChannelsAndAfterClose() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      FileChannel first = tier.open("a", CREATE_RW);
      FileChannel second = tier.open("a", RW);
      writeBytes(first, 100);
      assertThat(tier.usedBytes()).isEqualTo(100);
      try (FileChannel other = tier.createIncomplete("b", SizeHint.NONE)) {
        writeBytes(other, 50);
        assertThat(tier.usedBytes()).isEqualTo(150);
      }
      first.close();
      second.write(java.nio.ByteBuffer.allocate(10), 200);
      assertThat(tier.usedBytes()).isEqualTo(260);
      second.close();
      assertThat(tier.usedBytes()).isEqualTo(260);
      assertThat(tier.size("a")).isEqualTo(210);
      try (FileChannel truncating =
          tier.open("a", Set.of(StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING))) {
        assertThat(tier.usedBytes()).isEqualTo(50);
      }
      tier.discardIncomplete("b");
      assertThat(tier.usedBytes()).isZero();
    }
  }

  @Test
  void shouldReportFreeSpacePlusUseWhenCapacityIsMinusOne() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir));
        FileChannel channel = tier.open("a", CREATE_RW)) {
      writeBytes(channel, 4096);
      long usable = Files.getFileStore(tempDir).getUsableSpace();
      assertThat((double) tier.capacityBytes() - tier.usedBytes())
          .isCloseTo(usable, withinPercentage(5));
      assertThat(tier.hasRoomFor(1)).isTrue();
      assertThat(tier.hasRoomFor(Long.MAX_VALUE)).isFalse();
    }
  }

  @Test
  void shouldReportConfiguredCapacityAndRoomWhenCapacityIsSet() throws IOException {
    try (FileTier tier = FileTier.open(config(1000, tempDir));
        FileChannel channel = tier.open("a", CREATE_RW)) {
      writeBytes(channel, 300);
      assertThat(tier.capacityBytes()).isEqualTo(1000);
      assertThat(tier.hasRoomFor(700)).isTrue();
      assertThat(tier.hasRoomFor(701)).isFalse();
      assertThatThrownBy(() -> tier.hasRoomFor(-1)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void shouldThrowTierFullWhenCreatingWithoutRoom() throws IOException {
    try (FileTier tier = FileTier.open(config(1000, tempDir))) {
      try (FileChannel channel = tier.open("a", CREATE_RW)) {
        writeBytes(channel, 600);
      }
      assertThatThrownBy(
              () ->
                  tier.open(
                      "b",
                      Set.of(
                          StandardOpenOption.CREATE, StandardOpenOption.WRITE, SizeHint.of(401))))
          .isInstanceOf(TierFullException.class)
          .hasMessageContaining("key=b")
          .satisfies(e -> assertThat(((TierFullException) e).requestedBytes()).isEqualTo(401));
      assertThatThrownBy(() -> tier.createIncomplete("c", SizeHint.of(401)))
          .isInstanceOf(TierFullException.class);
      assertThat(tempDir.resolve("b")).doesNotExist();
      assertThat(tempDir.resolve("c.migrating")).doesNotExist();
      try (FileChannel fits =
          tier.open(
              "b", Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, SizeHint.of(400)))) {
        // The capacity is a soft limit for channels already open.
        writeBytes(fits, 1000);
        assertThat(tier.usedBytes()).isEqualTo(1600);
      }
      assertThatThrownBy(() -> tier.open("d", CREATE_RW)).isInstanceOf(TierFullException.class);
      try (FileChannel existing = tier.open("a", CREATE_RW)) {
        assertThat(existing.size()).isEqualTo(600);
      }
    }
  }
}
