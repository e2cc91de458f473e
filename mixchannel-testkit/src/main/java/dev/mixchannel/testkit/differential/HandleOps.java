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

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileChannel.MapMode;
import java.nio.channels.FileLock;
import java.nio.file.OpenOption;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.zip.CRC32;

/** Differential steps that open and close handles, interrupt, lock and map. */
final class HandleOps {

  private HandleOps() {}

  /**
   * Closes the handle if open and opens it again with {@code options}. When the main handle cannot
   * be opened with them, it is opened for reading and writing instead, so the run goes on.
   */
  record Open(int handle, List<OpenOption> options) implements DiffOp {
    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      StringBuilder result = new StringBuilder();
      FileChannel old = side.handles[handle];
      if (old != null) {
        result.append("close").append(side.run(old::close)).append("; ");
        side.handles[handle] = null;
      }
      result.append("open").append(side.call(() -> open(side, options)));
      if (side.handles[0] == null && handle == 0) {
        result
            .append("; fallback open")
            .append(side.call(() -> open(side, List.of(READ, WRITE, CREATE))));
      }
      return result.toString();
    }

    private String open(DiffSide side, List<OpenOption> with) throws Exception {
      FileChannel channel = side.factory.open(DiffSide.NAME, new LinkedHashSet<>(with));
      side.opened(handle, channel, with.contains(APPEND));
      return "ok";
    }

    @Override
    public String toString() {
      return DiffOp.describe("open", handle, options);
    }
  }

  /** Closes a handle and forgets it; a closed main handle stays in place, closed. */
  record Close(int handle) implements DiffOp {
    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      FileChannel channel = side.handles[handle];
      if (channel == null) {
        return "not open";
      }
      if (handle != 0) {
        side.handles[handle] = null;
      }
      return side.run(channel::close);
    }

    @Override
    public String toString() {
      return DiffOp.describe("close", handle);
    }
  }

  /** A read or write with the thread's interrupt status set; the status is cleared afterwards. */
  record InterruptedCall(int handle, boolean write, BufferSpec buffer) implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      PooledBuffer b = side.take(buffer);
      Thread.currentThread().interrupt();
      String result;
      boolean stillInterrupted;
      try {
        result =
            write
                ? side.call(() -> channel.write(b.buffer()))
                : side.call(() -> channel.read(b.buffer()));
      } finally {
        stillInterrupted = Thread.interrupted();
      }
      return result + " interrupted=" + stillInterrupted + " " + b.state();
    }

    @Override
    public String toString() {
      return DiffOp.describe(write ? "interruptedWrite" : "interruptedRead", handle, buffer);
    }
  }

  /** {@code lock} or {@code tryLock}; the lock is released at once unless {@code hold}. */
  record Lock(
      int handle, PositionSpec at, long size, boolean shared, boolean blocking, boolean hold)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      long position = at.resolve(referenceSizeBytes);
      return side.call(
          () -> {
            FileLock lock =
                blocking
                    ? channel.lock(position, size, shared)
                    : channel.tryLock(position, size, shared);
            if (lock == null) {
              return "null";
            }
            String description = describe(lock) + " channel=" + (lock.channel() == channel);
            if (hold) {
              side.heldLocks.add(lock);
            } else {
              lock.release();
            }
            return description;
          });
    }

    @Override
    public String toString() {
      return DiffOp.describe(
          blocking ? "lock" : "tryLock",
          handle,
          "at=" + at,
          "size=" + size,
          shared ? "shared" : "exclusive",
          hold ? "hold" : null);
    }
  }

  /** Describes every held lock (its validity above all) and keeps them held. */
  record CheckLocks() implements DiffOp {
    @Override
    public int handle() {
      return 1;
    }

    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      StringBuilder result = new StringBuilder("held");
      for (FileLock lock : side.heldLocks) {
        result.append(' ').append(describe(lock));
      }
      return result.toString();
    }

    @Override
    public String toString() {
      return "checkLocks()";
    }
  }

  /** Releases every held lock. */
  record ReleaseLocks() implements MainHandleOp {
    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      StringBuilder result = new StringBuilder("released");
      for (FileLock lock : side.heldLocks) {
        result.append(' ').append(side.run(lock::close)).append(describe(lock));
      }
      side.heldLocks.clear();
      return result.toString();
    }

    @Override
    public String toString() {
      return "releaseLocks()";
    }
  }

  /**
   * {@code map}; a {@code READ_ONLY} mapping is kept within the reference size. Through a writable
   * mapping, {@code putBytes} bytes of noise are stored at {@code putOffset}.
   */
  record MapRegion(
      int handle, MapMode mode, PositionSpec at, int length, int putOffset, int putBytes)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      long position = at.resolve(referenceSizeBytes);
      long size = length;
      if (mode == MapMode.READ_ONLY && position >= 0) {
        position = Math.min(position, referenceSizeBytes);
        size = Math.min(size, referenceSizeBytes - position);
      }
      long mapPosition = position;
      long mapSize = size;
      return side.call(
          () -> {
            MappedByteBuffer map = channel.map(mode, mapPosition, mapSize);
            CRC32 crc = new CRC32();
            crc.update(map.duplicate());
            if (mode != MapMode.READ_ONLY && map.capacity() > 0) {
              int offset = putOffset % map.capacity();
              int n = Math.min(putBytes, map.capacity() - offset);
              map.duplicate().position(offset).put(ByteBuffer.wrap(side.noise, putOffset, n));
            }
            return String.format(
                "mapped[cap=%d readOnly=%s crc=%08x]",
                map.capacity(), map.isReadOnly(), crc.getValue());
          });
    }

    @Override
    public String toString() {
      return DiffOp.describe(
          "map",
          handle,
          mode,
          "at=" + at,
          "length=" + length,
          mode == MapMode.READ_ONLY ? null : "put " + putBytes + " bytes at " + putOffset);
    }
  }

  static String describe(FileLock lock) {
    return "[pos="
        + lock.position()
        + " size="
        + lock.size()
        + " shared="
        + lock.isShared()
        + " valid="
        + lock.isValid()
        + "]";
  }
}
