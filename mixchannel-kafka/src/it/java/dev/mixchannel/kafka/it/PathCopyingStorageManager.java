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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteResourceNotFoundException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager;

/**
 * A Kafka tiered storage (KIP-405) {@link RemoteStorageManager} that does what Kafka's own {@code
 * LocalTieredStorage} does, whose test jar is not published for every release: it copies the files
 * of {@link LogSegmentData} <em>by path</em> into a directory (the "remote tier") and serves
 * fetches from the copies. Beside each copy it writes {@value #MANIFEST}, the segment size Kafka's
 * metadata claims and the bytes the copy really has (see {@link RemoteUpload}), so that a test can
 * tell a short upload from a complete one.
 *
 * <p>Configured with {@code rsm.config.}{@value #DIR} (Kafka strips the prefix): the remote
 * directory. Runs inside the broker; thread-safe (each segment has a directory of its own).
 */
public final class PathCopyingStorageManager implements RemoteStorageManager {

  /** The configuration key of the remote directory (after Kafka's {@code rsm.config.} prefix). */
  public static final String DIR = "dir";

  /** The name of the file, in each segment's directory, that describes the upload. */
  public static final String MANIFEST = "manifest.properties";

  private static final String SEGMENT = "segment.log";

  private volatile Path root;

  /** Creates an unconfigured manager; Kafka calls {@link #configure} next. */
  public PathCopyingStorageManager() {}

  @Override
  public void configure(Map<String, ?> configs) {
    Object dir = configs.get(DIR);
    if (dir == null) {
      throw new IllegalArgumentException("rsm.config." + DIR + " missing: the remote directory");
    }
    root = Path.of(dir.toString());
  }

  @Override
  public Optional<RemoteLogSegmentMetadata.CustomMetadata> copyLogSegmentData(
      RemoteLogSegmentMetadata metadata, LogSegmentData data) throws RemoteStorageException {
    Path dir = dirOf(metadata);
    try {
      Files.createDirectories(dir);
      Files.copy(data.logSegment(), dir.resolve(SEGMENT));
      Files.copy(data.offsetIndex(), dir.resolve(index(IndexType.OFFSET)));
      Files.copy(data.timeIndex(), dir.resolve(index(IndexType.TIMESTAMP)));
      Files.copy(data.producerSnapshotIndex(), dir.resolve(index(IndexType.PRODUCER_SNAPSHOT)));
      if (data.transactionIndex().isPresent()) {
        Files.copy(data.transactionIndex().get(), dir.resolve(index(IndexType.TRANSACTION)));
      }
      write(data.leaderEpochIndex(), dir.resolve(index(IndexType.LEADER_EPOCH)));
      Properties manifest = new Properties();
      manifest.setProperty("source", data.logSegment().toString());
      manifest.setProperty("startOffset", Long.toString(metadata.startOffset()));
      manifest.setProperty("endOffset", Long.toString(metadata.endOffset()));
      manifest.setProperty("metadataBytes", Integer.toString(metadata.segmentSizeInBytes()));
      manifest.setProperty("copiedBytes", Long.toString(Files.size(dir.resolve(SEGMENT))));
      try (OutputStream out = Files.newOutputStream(dir.resolve(MANIFEST))) {
        manifest.store(out, "written by PathCopyingStorageManager");
      }
    } catch (IOException e) {
      throw new RemoteStorageException("copy failed: segment=" + metadata, e);
    }
    return Optional.empty();
  }

  @Override
  public InputStream fetchLogSegment(RemoteLogSegmentMetadata metadata, int startPosition)
      throws RemoteStorageException {
    return fetchLogSegment(metadata, startPosition, Integer.MAX_VALUE - 1);
  }

  @Override
  public InputStream fetchLogSegment(
      RemoteLogSegmentMetadata metadata, int startPosition, int endPosition)
      throws RemoteStorageException {
    // endPosition is inclusive (RemoteStorageManager's contract).
    Path file = dirOf(metadata).resolve(SEGMENT);
    try {
      FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
      channel.position(startPosition);
      long length = Math.min(channel.size(), (long) endPosition + 1) - startPosition;
      return new BoundedInputStream(Channels.newInputStream(channel), Math.max(0, length));
    } catch (NoSuchFileException e) {
      throw new RemoteResourceNotFoundException("no such remote segment: " + file, e);
    } catch (IOException e) {
      throw new RemoteStorageException("fetch failed: " + file, e);
    }
  }

  @Override
  public InputStream fetchIndex(RemoteLogSegmentMetadata metadata, IndexType indexType)
      throws RemoteStorageException {
    Path file = dirOf(metadata).resolve(index(indexType));
    try {
      return Files.newInputStream(file);
    } catch (NoSuchFileException e) {
      throw new RemoteResourceNotFoundException("no such remote index: " + file, e);
    } catch (IOException e) {
      throw new RemoteStorageException("fetch failed: " + file, e);
    }
  }

  @Override
  public void deleteLogSegmentData(RemoteLogSegmentMetadata metadata)
      throws RemoteStorageException {
    try {
      TestFiles.deleteTree(dirOf(metadata));
    } catch (IOException e) {
      throw new RemoteStorageException("delete failed: segment=" + metadata, e);
    }
  }

  @Override
  public void close() {}

  private Path dirOf(RemoteLogSegmentMetadata metadata) {
    var id = metadata.remoteLogSegmentId();
    var partition = id.topicIdPartition();
    return root.resolve(partition.topic() + "-" + partition.partition() + "-" + partition.topicId())
        .resolve(String.format("%020d-%s", metadata.startOffset(), id.id()));
  }

  private static String index(IndexType type) {
    return type.name().toLowerCase(java.util.Locale.ROOT) + ".index";
  }

  private static void write(ByteBuffer buffer, Path file) throws IOException {
    try (FileChannel out =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ByteBuffer copy = buffer.duplicate();
      while (copy.hasRemaining()) {
        out.write(copy);
      }
    }
  }
}
