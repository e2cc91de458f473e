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
package dev.mixchannel.kafka.it;

import java.io.File;
import java.io.IOException;

/**
 * Opens real Kafka {@code LogSegment}s. One implementation per Kafka release, since the record
 * classes moved package between releases; the contract in {@link LogSegmentContract} is shared.
 */
public interface SegmentDriver {

  /**
   * Opens a segment the way Kafka's log does ({@code LogSegment.open}).
   *
   * @param partitionDir the partition directory
   * @param baseOffset the base offset
   * @param fileAlreadyExists whether the segment is loaded rather than created
   * @param suffix the file suffix, such as {@code ""} or {@code ".cleaned"}
   * @return the segment
   * @throws IOException when Kafka fails
   */
  SegmentHandle open(File partitionDir, long baseOffset, boolean fileAlreadyExists, String suffix)
      throws IOException;

  /**
   * Writes a segment file with Kafka's own {@code FileRecords}, outside any log dir the agent
   * serves, so that it holds real bytes.
   *
   * @param file the file to create
   * @param firstOffset the offset of the first record
   * @param values the record values
   * @throws IOException when Kafka fails
   */
  void writePlainSegment(File file, long firstOffset, String... values) throws IOException;
}
