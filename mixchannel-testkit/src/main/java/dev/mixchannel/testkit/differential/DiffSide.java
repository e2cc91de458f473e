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
package dev.mixchannel.testkit.differential;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.common.Closeables;
import dev.mixchannel.testkit.channel.ChannelFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.CRC32;

/**
 * One side of a differential run: a factory, the (up to two) handles open on the run's file, the
 * locks steps hold, a JDK file that {@code transferTo} steps write into, and buffer memory.
 */
final class DiffSide implements AutoCloseable {

  /** The name of the file every step works on. */
  static final String NAME = "f";

  final ChannelFactory factory;
  final FileChannel[] handles = new FileChannel[2];
  final List<FileLock> heldLocks = new ArrayList<>();
  private final boolean[] appends = new boolean[2];
  final byte[] noise;
  private final BufferPool pool;
  private final FileChannel target;
  private Throwable firstError;
  private long targetStart;

  DiffSide(ChannelFactory factory, Path auxDir, byte[] noise) throws IOException {
    this.factory = factory;
    this.noise = noise;
    this.pool = new BufferPool(noise);
    this.target =
        FileChannel.open(
            Files.createDirectories(auxDir).resolve("transfer-target"), READ, WRITE, CREATE);
  }

  /** The handle a step addresses: the second one when open, else the main one; may be null. */
  FileChannel channel(int handle) {
    FileChannel channel = handles[handle];
    return channel != null ? channel : handles[0];
  }

  /** Records a handle a step opened, and whether it was opened with {@code APPEND}. */
  void opened(int handle, FileChannel channel, boolean append) {
    handles[handle] = channel;
    appends[handle] = append;
  }

  /** Whether the handle {@link #channel} returns for {@code handle} writes at the end. */
  boolean appends(int handle) {
    return handles[handle] != null ? appends[handle] : appends[0];
  }

  /** Starts a step: fresh buffer memory, no recorded error. */
  void beginStep() {
    pool.reset();
    firstError = null;
  }

  Throwable firstError() {
    return firstError;
  }

  PooledBuffer take(BufferSpec spec) {
    return pool.take(spec);
  }

  List<PooledBuffer> take(List<BufferSpec> specs) {
    List<PooledBuffer> buffers = new ArrayList<>(specs.size());
    for (BufferSpec spec : specs) {
      buffers.add(pool.take(spec));
    }
    return buffers;
  }

  /** Runs a channel call and describes its return value or the class of what it threw. */
  String call(Callable<?> action) {
    try {
      return "=" + action.call();
    } catch (Exception e) {
      if (firstError == null) {
        firstError = e;
      }
      return "threw " + e.getClass().getName();
    }
  }

  /** A harness action that returns nothing, for {@link #run}. */
  @FunctionalInterface
  interface Action {
    void run() throws Exception;
  }

  /** Runs a channel call that returns nothing, described as {@code "=ok"} or as {@link #call}. */
  String run(Action action) {
    return call(
        () -> {
          action.run();
          return "ok";
        });
  }

  /**
   * Positions the transfer target for a step. It is not truncated (truncating to zero makes some
   * file systems flush), so the step's result covers the bytes from here to the target's position.
   */
  FileChannel resetTarget(int positionBytes) throws IOException {
    targetStart = positionBytes;
    target.position(positionBytes);
    return target;
  }

  String targetState() throws IOException {
    long end = target.position();
    return "target[pos="
        + end
        + " size="
        + target.size()
        + " crc="
        + crc(target, targetStart, end)
        + "]";
  }

  /** Position and size of a handle, each as a value or the exception it threw. */
  String state(int handle) {
    FileChannel channel = channel(handle);
    if (channel == null) {
      return ChannelOp.NO_OPEN_HANDLE;
    }
    String label = handles[handle] != null ? "h" + handle : "h0";
    return label
        + " open="
        + channel.isOpen()
        + " position"
        + call(channel::position)
        + " size"
        + call(channel::size);
  }

  static String crc(FileChannel channel, long from, long to) throws IOException {
    CRC32 crc = new CRC32();
    ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
    for (long at = from; at < to; ) {
      chunk.clear().limit((int) Math.min(chunk.capacity(), to - at));
      int n = channel.read(chunk, at);
      if (n < 0) {
        break;
      }
      chunk.flip();
      crc.update(chunk);
      at += n;
    }
    return Long.toHexString(crc.getValue());
  }

  @Override
  public void close() throws IOException {
    IOException failure =
        Closeables.closeCollecting(
            Arrays.asList(handles[0], handles[1], target), "closing a differential side failed");
    handles[0] = null;
    handles[1] = null;
    heldLocks.clear();
    if (failure != null) {
      throw failure;
    }
  }
}
