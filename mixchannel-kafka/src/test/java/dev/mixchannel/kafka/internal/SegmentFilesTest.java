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

import org.junit.jupiter.api.Test;

class SegmentFilesTest {

  private static final String HEX = "0123456789abcdef0123456789abcdef";

  @Test
  void shouldRecognizeSegmentFilesInEveryForm() {
    assertThat(SegmentFiles.isSegment("00000000000000000000.log")).isTrue();
    assertThat(SegmentFiles.isSegment("00000000000000012345.log.deleted")).isTrue();
    assertThat(SegmentFiles.isSegment("00000000000000012345.log.cleaned")).isTrue();
    assertThat(SegmentFiles.isSegment("00000000000000012345.log.swap")).isTrue();
    assertThat(SegmentFiles.isSegment("00000000000000012345.index")).isFalse();
    assertThat(SegmentFiles.isSegment("0000000000000001234.log")).isFalse();
    assertThat(SegmentFiles.isSegment("00000000000000012345.log.mixchannel-import")).isFalse();
    assertThat(SegmentFiles.isSegment("00000000000000000123-0000000001.checkpoint")).isFalse();
  }

  @Test
  void shouldSplitSuffixAndBaseName() {
    assertThat(SegmentFiles.suffix("00000000000000000007.log")).isEmpty();
    assertThat(SegmentFiles.suffix("00000000000000000007.log.swap")).isEqualTo(".swap");
    assertThat(SegmentFiles.baseName("00000000000000000007.log.swap"))
        .isEqualTo("00000000000000000007.log");
    assertThatThrownBy(() -> SegmentFiles.suffix("x.log"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("name=x.log");
  }

  @Test
  void shouldListOnlyRenamesKafkaMakes() {
    assertThat(SegmentFiles.successors("")).containsExactly(".deleted");
    assertThat(SegmentFiles.successors(".cleaned")).containsExactly(".swap");
    assertThat(SegmentFiles.successors(".swap")).containsExactly("", ".deleted");
    assertThat(SegmentFiles.successors(".deleted")).isEmpty();
  }

  @Test
  void shouldMatchPartitionDirectoryRenames() {
    assertThat(SegmentFiles.partitionOf("orders-3." + HEX + "-delete")).isEqualTo("orders-3");
    assertThat(SegmentFiles.partitionOf("orders-3")).isEqualTo("orders-3");
    assertThat(SegmentFiles.isPartitionDirRename("orders-3", "orders-3." + HEX + "-delete"))
        .isTrue();
    assertThat(SegmentFiles.isPartitionDirRename("orders-3." + HEX + "-future", "orders-3"))
        .isTrue();
    assertThat(SegmentFiles.isPartitionDirRename("orders-3", "orders-3." + HEX + "-stray"))
        .isTrue();
    assertThat(SegmentFiles.isPartitionDirRename("orders-3", "orders-4." + HEX + "-delete"))
        .isFalse();
    assertThat(SegmentFiles.isPartitionDirRename("orders-3", "orders-3")).isFalse();
  }

  @Test
  void shouldMatchRenameWhenKafkaCutLongTopicName() {
    String longPartition = "t".repeat(240) + "-0";
    String suffix = "." + HEX + "-delete";
    String cut = longPartition.substring(0, 255 - suffix.length()) + suffix;

    assertThat(cut).hasSize(255);
    assertThat(SegmentFiles.isPartitionDirRename(longPartition, cut)).isTrue();
  }
}
