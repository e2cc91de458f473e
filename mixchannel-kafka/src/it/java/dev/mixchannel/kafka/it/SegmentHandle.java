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
import java.nio.channels.FileChannel;
import java.util.List;

/** A real Kafka {@code LogSegment}, seen through version-neutral types. */
public interface SegmentHandle extends AutoCloseable {

  /**
   * Appends one batch of records with consecutive offsets.
   *
   * @param firstOffset the first record's offset
   * @param values the values
   * @throws IOException when Kafka fails
   */
  void append(long firstOffset, String... values) throws IOException;

  /**
   * Reads every record from an offset on.
   *
   * @param startOffset the first offset
   * @return the records in offset order
   * @throws IOException when Kafka fails
   */
  List<OffsetValue> readFrom(long startOffset) throws IOException;

  /**
   * {@code LogSegment.size()}.
   *
   * @return bytes
   */
  int size();

  /**
   * {@code LogSegment.truncateTo}.
   *
   * @param offset the first offset to remove
   * @return bytes removed
   * @throws IOException when Kafka fails
   */
  int truncateTo(long offset) throws IOException;

  /**
   * {@code LogSegment.recover} with a fresh producer state.
   *
   * @return bytes truncated as invalid
   * @throws IOException when Kafka fails
   */
  int recover() throws IOException;

  /**
   * {@code LogSegment.flush}.
   *
   * @throws IOException when Kafka fails
   */
  void flush() throws IOException;

  /**
   * {@code LogSegment.changeFileSuffixes}.
   *
   * @param oldSuffix the suffix to replace
   * @param newSuffix the new suffix
   * @throws IOException when Kafka fails
   */
  void changeFileSuffixes(String oldSuffix, String newSuffix) throws IOException;

  /**
   * {@code LogSegment.updateParentDir} (package-private in Kafka: called reflectively), after the
   * caller moved the directory, as Kafka's log does.
   *
   * @param dir the new partition directory
   * @throws Exception when Kafka fails
   */
  void updateParentDir(File dir) throws Exception;

  /**
   * {@code LogSegment.deleteIfExists}.
   *
   * @throws IOException when Kafka fails
   */
  void deleteIfExists() throws IOException;

  /**
   * The segment's file ({@code FileRecords.file()}).
   *
   * @return the anchor
   */
  File file();

  /**
   * The channel Kafka got from {@code openChannel}.
   *
   * @return the channel
   */
  FileChannel channel();

  /**
   * Kafka's {@code LogSegment} itself, for calls that take it as it is (such as the agent's {@code
   * KafkaChannelFactory.beforeRemoteCopy}, which tiered storage's copy task calls).
   *
   * @return the {@code LogSegment}
   */
  Object kafkaSegment();

  /**
   * {@code LogSegment.close}.
   *
   * @throws IOException when Kafka fails
   */
  @Override
  void close() throws IOException;
}
