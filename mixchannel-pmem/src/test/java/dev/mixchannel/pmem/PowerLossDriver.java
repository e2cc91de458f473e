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
package dev.mixchannel.pmem;

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs operations on a PMem tier and reports each to the {@link PowerLossModel} before its first
 * store and after it returns. One handle per file (READ, WRITE), kept open after its key is deleted
 * or renamed over until {@link #closeHandle} (so writes to a deleted key and the late freeing of
 * its extents are covered). A full pool is not an error: the operation reports no effect. Every
 * write puts the file's {@link PowerLossPattern}. Namespace operations and the writes of one file
 * run on one thread at a time; {@link PowerLossRacingForce} forces a file on a second thread while
 * they run.
 */
final class PowerLossDriver implements AutoCloseable {

  private final PmemTier tier;
  private final PowerLossModel model;
  private final Map<Integer, FileChannel> handles = new ConcurrentHashMap<>();
  private final List<String> liveFailures = new ArrayList<>();

  PowerLossDriver(PmemTier tier, PowerLossModel model) {
    this.tier = tier;
    this.model = model;
  }

  PowerLossModel model() {
    return model;
  }

  /** The file a name is bound to, or -1. */
  int fileOf(String name) {
    return model.fileOf(name);
  }

  /** Files with an open handle, deleted or not. */
  Set<Integer> openFiles() {
    return new HashSet<>(handles.keySet());
  }

  /** The handle of a file, for tests that drive it directly. */
  FileChannel handle(int file) {
    return handles.get(file);
  }

  /** Failures seen while the workload ran (a transferTo showing foreign bytes). */
  List<String> liveFailures() {
    return List.copyOf(liveFailures);
  }

  /**
   * Creates a key as a new file, preallocated when {@code preallocateBytes > 0}.
   *
   * @return the file number, or -1 when the pool is full
   */
  int create(String name, long preallocateBytes) throws IOException {
    int file = model.beginCreate(name, preallocateBytes);
    Set<OpenOption> options = new HashSet<>(Set.of(CREATE_NEW, READ, WRITE));
    if (preallocateBytes > 0) {
      options.add(SizeHint.preallocate(preallocateBytes));
    }
    try {
      handles.put(file, tier.open(name, options));
    } catch (TierFullException e) {
      model.endNamespace(false);
      return -1;
    }
    model.endNamespace(true);
    return file;
  }

  /** One way of writing a file's bytes through its handle. */
  @FunctionalInterface
  private interface WriteCall {
    /** Writes; returns the count written. */
    long write(FileChannel ch) throws IOException;
  }

  /**
   * Runs a write of {@code [position, position + length)} reported to the model; a full pool is a
   * write of nothing (PMem writes allocate every extent before the first byte is copied).
   */
  private long reported(int file, long position, long length, WriteCall call) throws IOException {
    PowerLossFile.Op op = model.beginWrite(file, position, length);
    long written = 0;
    try {
      written = call.write(handles.get(file));
    } catch (TierFullException e) {
      written = 0;
    } finally {
      model.endWrite(file, op, written);
    }
    return written;
  }

  /** Writes {@code length} bytes at {@code position} (positional write): the count written. */
  long write(int file, long position, int length) throws IOException {
    return reported(
        file,
        position,
        length,
        ch -> {
          ByteBuffer src = PowerLossPattern.buffer(file, position, length);
          long n = 0;
          while (src.hasRemaining()) {
            n += ch.write(src, position + n);
          }
          return n;
        });
  }

  /** Appends at the size (relative write after positioning there): the count written. */
  long append(int file, int length) throws IOException {
    long position = model.sizeOf(file);
    return reported(
        file,
        position,
        length,
        ch -> {
          ch.position(position);
          ByteBuffer src = PowerLossPattern.buffer(file, position, length);
          long n = 0;
          while (src.hasRemaining()) {
            n += ch.write(src);
          }
          return n;
        });
  }

  /** A gather write of two buffers at {@code position}: the count written. */
  long gatherWrite(int file, long position, int length) throws IOException {
    int half = length / 2;
    return reported(
        file,
        position,
        length,
        ch -> {
          ByteBuffer[] srcs = {
            PowerLossPattern.buffer(file, position, half),
            PowerLossPattern.buffer(file, position + half, length - half)
          };
          ch.position(position);
          long n = 0;
          while (srcs[1].hasRemaining()) {
            n += ch.write(srcs);
          }
          return n;
        });
  }

  /** {@code transferFrom} a non-PMem source (the path that reads straight into the mapping). */
  long transferFrom(int file, long position, int length) throws IOException {
    return reported(
        file,
        position,
        length,
        ch ->
            ch.transferFrom(new PowerLossPatternChannel(file, position, length), position, length));
  }

  /** {@code transferTo} a sink that checks every byte is 0 or the file's own. */
  long transferTo(int file, long position, long count) throws IOException {
    PowerLossPatternChannel sink = new PowerLossPatternChannel(file, position, 0);
    long n = handles.get(file).transferTo(position, count, sink);
    if (sink.failure() != null) {
      liveFailures.add("transferTo of " + model.describe(file) + ": " + sink.failure());
    }
    return n;
  }

  void truncate(int file, long newSize) throws IOException {
    PowerLossFile.Op op = model.beginTruncate(file, newSize);
    boolean done = false;
    try {
      handles.get(file).truncate(newSize);
      done = true;
    } finally {
      model.endTruncate(file, op, done);
    }
  }

  void force(int file) throws IOException {
    PowerLossModel.Force force = model.beginForce(file);
    boolean done = false;
    try {
      handles.get(file).force(true);
      done = true;
    } finally {
      if (done) {
        model.endForce(force);
      } else {
        model.abandonForce(force);
      }
    }
  }

  /** Renames {@code from} to {@code to}; a file {@code to} named keeps its handle, now deleted. */
  void rename(String from, String to) throws IOException {
    model.beginRename(from, to);
    boolean done = false;
    try {
      tier.rename(from, to);
      done = true;
    } finally {
      model.endNamespace(done);
    }
  }

  /** Deletes a key; its handle stays open until {@link #closeHandle}. */
  void delete(String name) throws IOException {
    model.beginDelete(name);
    boolean done = false;
    try {
      done = tier.delete(name);
    } finally {
      model.endNamespace(done);
    }
  }

  /** Closes a file's handle: a deleted file's extents are freed now. */
  void closeHandle(int file) throws IOException {
    FileChannel ch = handles.remove(file);
    if (ch != null) {
      ch.close();
    }
  }

  @Override
  public void close() throws IOException {
    for (int file : openFiles()) {
      closeHandle(file);
    }
  }
}
