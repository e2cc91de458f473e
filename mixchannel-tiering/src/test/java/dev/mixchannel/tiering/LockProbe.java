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
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A child JVM that tells whether another process holds a lock on a range of a file: it prints
 * {@code HELD}, {@code FREE} or {@code MISSING}. Arguments: file, position, size.
 */
public final class LockProbe {
  private LockProbe() {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[0]);
    if (!Files.exists(file)) {
      System.out.println("MISSING");
      return;
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      FileLock lock = ch.tryLock(Long.parseLong(args[1]), Long.parseLong(args[2]), false);
      System.out.println(lock == null ? "HELD" : "FREE");
    }
  }

  /** Runs the probe in a child JVM and returns its answer. */
  static String probe(Path file, long position, long size) throws Exception {
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                LockProbe.class.getName(),
                file.toString(),
                Long.toString(position),
                Long.toString(size))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes()).trim();
    if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("lock probe did not finish: " + file);
    }
    return out;
  }
}
