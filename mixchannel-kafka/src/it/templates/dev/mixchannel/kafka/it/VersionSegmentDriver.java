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
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.compress.Compression;
import ${kafka.record.package}.FileRecords;
import ${kafka.record.package}.MemoryRecords;
import ${kafka.record.package}.Record;
import ${kafka.record.package}.SimpleRecord;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.storage.internals.log.FetchDataInfo;
import org.apache.kafka.storage.internals.log.LogConfig;
import org.apache.kafka.storage.internals.log.LogSegment;
import org.apache.kafka.storage.internals.log.ProducerStateManager;
import org.apache.kafka.storage.internals.log.ProducerStateManagerConfig;

/**
 * {@link SegmentDriver} for the Kafka release of the module that builds it: Kafka moved its record
 * classes from {@code org.apache.kafka.common.record} (up to 4.2) to {@code
 * org.apache.kafka.common.record.internal} (from 4.3), so this source is a template whose package
 * name each test module fills in ({@code kafka.record.package}, currently {@code
 * ${kafka.record.package}} for Kafka ${kafka.version}).
 */
final class VersionSegmentDriver implements SegmentDriver {

  @Override
  public SegmentHandle open(File partitionDir, long baseOffset, boolean exists, String suffix)
      throws IOException {
    LogSegment segment =
        LogSegment.open(
            partitionDir,
            baseOffset,
            new LogConfig(Map.of()),
            Time.SYSTEM,
            exists,
            0,
            false,
            suffix);
    return new Handle(segment, partitionDir);
  }

  @Override
  public void writePlainSegment(File file, long firstOffset, String... values) throws IOException {
    try (FileRecords records = FileRecords.open(file)) {
      records.append(records(firstOffset, values));
      records.flush();
    }
  }

  private static MemoryRecords records(long firstOffset, String... values) {
    SimpleRecord[] records = new SimpleRecord[values.length];
    long now = System.currentTimeMillis();
    for (int i = 0; i < values.length; i++) {
      records[i] = new SimpleRecord(now, null, values[i].getBytes(StandardCharsets.UTF_8));
    }
    return MemoryRecords.withRecords(firstOffset, Compression.NONE, records);
  }

  private static final class Handle implements SegmentHandle {
    private final LogSegment segment;
    private File dir;

    Handle(LogSegment segment, File dir) {
      this.segment = segment;
      this.dir = dir;
    }

    @Override
    public void append(long firstOffset, String... values) throws IOException {
      segment.append(firstOffset + values.length - 1, records(firstOffset, values));
    }

    @Override
    public List<OffsetValue> readFrom(long startOffset) throws IOException {
      List<OffsetValue> result = new ArrayList<>();
      FetchDataInfo info = segment.read(startOffset, Math.max(1, segment.size()));
      if (info == null) {
        return result;
      }
      for (Record record : info.records.records()) {
        byte[] bytes = new byte[record.valueSize()];
        record.value().get(bytes);
        result.add(new OffsetValue(record.offset(), new String(bytes, StandardCharsets.UTF_8)));
      }
      return result;
    }

    @Override
    public int size() {
      return segment.size();
    }

    @Override
    public int truncateTo(long offset) throws IOException {
      return segment.truncateTo(offset);
    }

    @Override
    public int recover() throws IOException {
      ProducerStateManager producers =
          new ProducerStateManager(
              new TopicPartition("seg", 0),
              dir,
              60_000,
              new ProducerStateManagerConfig(86_400_000, false),
              Time.SYSTEM);
      return segment.recover(producers, null);
    }

    @Override
    public void flush() throws IOException {
      segment.flush();
    }

    @Override
    public void changeFileSuffixes(String oldSuffix, String newSuffix) throws IOException {
      segment.changeFileSuffixes(oldSuffix, newSuffix);
    }

    @Override
    public void updateParentDir(File newDir) throws Exception {
      Method method = LogSegment.class.getDeclaredMethod("updateParentDir", File.class);
      method.setAccessible(true);
      method.invoke(segment, newDir);
      this.dir = newDir;
    }

    @Override
    public void deleteIfExists() throws IOException {
      segment.deleteIfExists();
    }

    @Override
    public File file() {
      return segment.log().file();
    }

    @Override
    public FileChannel channel() {
      return segment.log().channel();
    }

    @Override
    public Object kafkaSegment() {
      return segment;
    }

    @Override
    public void close() throws IOException {
      segment.close();
    }
  }
}
