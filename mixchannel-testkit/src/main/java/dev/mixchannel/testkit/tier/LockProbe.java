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
package dev.mixchannel.testkit.tier;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A child process that tells whether another process holds a lock: started by the {@link
 * StorageTierContractSuite} (see {@link TierCapability#CROSS_PROCESS_LOCK_ON_KEY_FILE}), it reads
 * requests from standard input, one a line, {@code <position> <size> <path>}, tries an exclusive
 * lock on that range of that file and answers on standard output with one line: {@code FREE} (it
 * got the lock, and released it at once), {@code HELD} (another process holds an overlapping lock)
 * or {@code ERROR <message>}. It prints {@code READY} first and exits at the end of its input.
 *
 * <p>Each request opens the file and closes it again: in this process that disturbs nobody's lock.
 * The process never blocks on a lock ({@link FileChannel#tryLock(long, long, boolean)} only).
 */
public final class LockProbe {

  /** The answer when the range could be locked. */
  public static final String FREE = "FREE";

  /** The answer when another process holds an overlapping lock. */
  public static final String HELD = "HELD";

  /** The first line the probe prints, once it reads requests. */
  public static final String READY = "READY";

  private LockProbe() {}

  /**
   * Answers lock requests from standard input until it ends.
   *
   * @param args ignored
   * @throws IOException when standard input cannot be read
   */
  public static void main(String[] args) throws IOException {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    out.println(READY);
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      out.println(answer(line));
    }
  }

  /** Answers one request line. */
  static String answer(String request) {
    String[] parts = request.split(" ", 3);
    if (parts.length != 3) {
      return "ERROR malformed request: line='" + request + "', expected '<position> <size> <path>'";
    }
    try {
      long position = Long.parseLong(parts[0]);
      long size = Long.parseLong(parts[1]);
      try (FileChannel channel =
          FileChannel.open(Path.of(parts[2]), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        FileLock lock = channel.tryLock(position, size, false);
        if (lock == null) {
          return HELD;
        }
        lock.release();
        return FREE;
      }
    } catch (IOException | RuntimeException e) {
      return "ERROR " + e;
    }
  }
}
