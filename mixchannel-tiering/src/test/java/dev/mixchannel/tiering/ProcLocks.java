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
package dev.mixchannel.tiering;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel says about this process's POSIX locks, read from {@code /proc/locks} (Linux): a
 * check without a child JVM, cheap enough to run after every step of a stress test.
 */
final class ProcLocks {
  private ProcLocks() {}

  /**
   * Whether this process holds a POSIX lock on exactly {@code [position, position + size)} of a
   * file.
   */
  static boolean held(Path file, long position, long size) throws IOException {
    long inode = (Long) Files.getAttribute(file, "unix:ino");
    String pid = Long.toString(ProcessHandle.current().pid());
    String end = Long.toString(position + size - 1);
    for (String line : Files.readAllLines(Path.of("/proc/locks"))) {
      String[] f = line.trim().split("\\s+");
      // "<n>: POSIX ADVISORY WRITE <pid> <major>:<minor>:<inode> <start> <end>"
      if (f.length >= 8
          && f[1].equals("POSIX")
          && f[4].equals(pid)
          && f[5].endsWith(":" + inode)
          && f[6].equals(Long.toString(position))
          && f[7].equals(end)) {
        return true;
      }
    }
    return false;
  }
}
