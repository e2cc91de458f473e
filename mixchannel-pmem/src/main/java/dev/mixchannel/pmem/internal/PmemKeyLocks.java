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
package dev.mixchannel.pmem.internal;

import dev.mixchannel.common.DaemonThreads;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The OS file locks behind the {@code FileLock}s of one PMem key: real locks, at the positions the
 * caller asked for, on a lock file of the key's own ({@code mixchannel.locks/<slot>-<generation>}
 * next to the pool file), so disjoint ranges never conflict and other processes see them. The lock
 * file is opened once, on the first lock, and closed (and deleted) only when the key's file is
 * freed or the pool closes: a second descriptor is never opened and closed under held locks.
 *
 * <p>A blocking {@code lock} waits on a short-lived thread {@code mixchannel-lock-<n>}: the lock
 * file's channel must never see an interrupt (the JDK would close it, dropping every lock of the
 * key). An interrupted caller gets {@link FileLockInterruptionException}, and a lock granted later
 * is released at once. Thread-safe.
 */
final class PmemKeyLocks {

  private final Path file;
  private final Supplier<String> owner;
  private final IntSupplier waiterNumbers;
  private FileChannel channel;
  private boolean closed;

  PmemKeyLocks(Path file, Supplier<String> owner, IntSupplier waiterNumbers) {
    this.file = file;
    this.owner = owner;
    this.waiterNumbers = waiterNumbers;
  }

  private synchronized FileChannel channel() throws IOException {
    if (closed) {
      throw new java.nio.channels.ClosedChannelException();
    }
    if (channel == null) {
      Files.createDirectories(file.getParent());
      channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }
    return channel;
  }

  /** Takes a lock at once, or returns null when another program holds an overlapping one. */
  FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return channel().tryLock(position, size, shared);
  }

  /** Waits for a lock on a thread of its own (see the class documentation). */
  FileLock lock(long position, long size, boolean shared) throws IOException {
    FileChannel ch = channel();
    CompletableFuture<FileLock> result = new CompletableFuture<>();
    DaemonThreads.start(
        "lock",
        waiterNumbers.getAsInt(),
        () -> {
          try {
            result.complete(ch.lock(position, size, shared));
          } catch (IOException | RuntimeException e) {
            result.completeExceptionally(e);
          }
        });
    try {
      return result.get();
    } catch (InterruptedException e) {
      result.thenAccept(PmemKeyLocks::releaseQuietly);
      Thread.currentThread().interrupt();
      throw new FileLockInterruptionException();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new IOException("locking failed: " + owner.get(), cause);
    }
  }

  private static void releaseQuietly(FileLock lock) {
    try {
      lock.release();
    } catch (IOException e) {
      // The lock file's channel closed meanwhile, which released the lock.
    }
  }

  /** Closes the lock file (releasing any lock left) and deletes it. Idempotent. */
  synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (channel == null) {
      return;
    }
    try {
      channel.close();
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // A lock file left behind is removed when the pool opens next.
    }
  }
}
