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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The placeholder a hot segment's file holds: what it is, what it is not, and its writes. */
class PlaceholderTest {

  private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

  @TempDir Path dir;

  @Test
  void shouldFailKafkasBatchReaderWhenItReadsThePlaceholder() {
    // Kafka's FileLogInputStream reads a batch's size at offset 8 and refuses one under 14 bytes.
    ByteBuffer header = ByteBuffer.wrap(Placeholder.BYTES);
    assertThat(Placeholder.BYTES.length).isGreaterThan(17);
    assertThat(header.getInt(8)).isLessThan(14);
    assertThat(
            new String(
                Placeholder.BYTES, 12, Placeholder.BYTES.length - 12, StandardCharsets.US_ASCII))
        .contains("fast MixChannel tier")
        .contains("Evacuate");
  }

  @Test
  void shouldTellPlaceholdersFromSegmentBytes() throws IOException {
    Path file = dir.resolve("00000000000000000000.log");
    assertThat(Placeholder.segmentBytes(file)).isEqualTo(-1);
    assertThat(Placeholder.claimsKey(file)).isFalse();
    Files.createFile(file);
    assertThat(Placeholder.segmentBytes(file)).isZero();
    assertThat(Placeholder.claimsKey(file)).as("an empty file claims nothing").isFalse();
    Files.write(file, Arrays.copyOf(Placeholder.BYTES, 5));
    assertThat(Placeholder.segmentBytes(file)).as("a placeholder cut short").isZero();
    assertThat(Placeholder.isWhole(file)).isFalse();
    assertThat(Placeholder.claimsKey(file)).as("a placeholder cut short").isTrue();
    Files.write(file, Placeholder.BYTES);
    assertThat(Placeholder.segmentBytes(file)).isZero();
    assertThat(Placeholder.isWhole(file)).isTrue();
    assertThat(Placeholder.claimsKey(file)).isTrue();
    byte[] segment = Placeholder.BYTES.clone();
    segment[11] = 60;
    Files.write(file, segment);
    assertThat(Placeholder.segmentBytes(file)).isEqualTo(segment.length);
    assertThat(Placeholder.claimsKey(file)).isFalse();
    Files.write(file, new byte[] {0, 0, 0});
    assertThat(Placeholder.segmentBytes(file)).isEqualTo(3);
  }

  @Test
  void shouldKeepModificationTimeWhenFillingAndReplacing() throws IOException {
    Path file = Files.createFile(dir.resolve("00000000000000000000.log"));
    Files.setLastModifiedTime(file, OLD);
    Placeholder.fill(file);
    assertThat(file).hasBinaryContent(Placeholder.BYTES);
    assertThat(Files.getLastModifiedTime(file)).isEqualTo(OLD);

    Files.writeString(file, "segment bytes");
    Files.setLastModifiedTime(file, OLD);
    Placeholder.replace(file);
    assertThat(file).hasBinaryContent(Placeholder.BYTES);
    assertThat(Files.getLastModifiedTime(file)).isEqualTo(OLD);
    assertThat(dir.resolve(file.getFileName() + Placeholder.TEMP_SUFFIX)).doesNotExist();
  }

  @Test
  void shouldRefuseToOverwriteSegmentBytesWhenFilling() throws IOException {
    Path file = Files.writeString(dir.resolve("00000000000000000000.log"), "segment bytes");
    assertThatThrownBy(() -> Placeholder.fill(file)).isInstanceOf(IllegalStateException.class);
    assertThat(file).hasContent("segment bytes");
  }

  @Test
  void shouldLeaveNoPlaceholderUnderTheOldNameWhenKafkaRenamedTheFileDuringTheReplace()
      throws IOException {
    Path file = dir.resolve("00000000000000000000.log");
    Path deleted = dir.resolve("00000000000000000000.log.deleted");
    Files.write(file, new byte[4096]);
    Placeholder.replace(file, () -> Files.move(file, deleted));
    assertThat(file).doesNotExist();
    assertThat(Files.size(deleted)).isEqualTo(4096);
    assertThat(dir.resolve(file.getFileName() + Placeholder.TEMP_SUFFIX)).doesNotExist();
  }

  @Test
  void shouldReplaceTheFileWhenNobodyRenamedIt() throws IOException {
    Path file = dir.resolve("00000000000000000000.log");
    Files.write(file, new byte[4096]);
    Files.setLastModifiedTime(file, OLD);
    Placeholder.replace(file);
    assertThat(Placeholder.isWhole(file)).isTrue();
    assertThat(Files.getLastModifiedTime(file)).isEqualTo(OLD);
  }

  @Test
  void shouldDoNothingWhenTheFileIsGone() throws IOException {
    Path file = dir.resolve("00000000000000000000.log");
    Placeholder.replace(file);
    assertThat(file).doesNotExist();
  }
}
