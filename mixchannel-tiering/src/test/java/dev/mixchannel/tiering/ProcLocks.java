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
