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
package dev.mixchannel.file;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Run in a child JVM by {@link FileTierLockTest}: locks a tier directory's lock file the way
 * another process's tier would, prints {@code locked}, and holds the lock until its standard input
 * closes.
 */
final class ExternalLockHolder {

  private ExternalLockHolder() {}

  public static void main(String[] args) throws IOException {
    Path lockFile = Path.of(args[0]).resolve(TierDirectory.LOCK_FILE);
    try (FileChannel channel =
            FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      System.out.println(lock.isValid() ? "locked" : "not locked");
      System.out.flush();
      while (System.in.read() >= 0) {
        // Hold the lock until the parent closes our input.
      }
    }
  }
}
