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
package dev.mixchannel.testkit.crash;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Both halves of a kill -9 test: a child JVM appends a known byte pattern to keys and prints {@code
 * ACK <key> <end>} after each write returned; the test kills the child at a chosen moment, reopens
 * the storage and checks that every acknowledged byte is there, byte for byte. The child also
 * prints the markers the test waits for ({@code READY}, {@code PAUSED <step>}); a line containing
 * {@code FAILED} or {@code NOT-PAUSED} fails the test with the child's log.
 */
public final class AckedWrites {
  private AckedWrites() {}

  /**
   * The pattern byte of a key at an offset.
   *
   * @param key the key
   * @param offset the offset
   * @return the byte the child writes there
   */
  public static byte byteAt(String key, long offset) {
    long h = key.hashCode() * 0x9E3779B97F4A7C15L + offset * 0xBF58476D1CE4E5B9L;
    return (byte) (h ^ (h >>> 29));
  }

  /**
   * Appends pattern bytes at the channel's position and acknowledges each piece on {@code out} once
   * its write returned (child side).
   *
   * @param channel the channel, positioned at {@code offset}
   * @param key the key
   * @param offset where the bytes go
   * @param bytes how many
   * @param out the child's standard output
   * @return the end of the written bytes
   * @throws IOException when a write fails
   */
  public static long append(
      FileChannel channel, String key, long offset, int bytes, PrintStream out) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(Math.min(bytes, 64 << 10));
    long end = offset;
    while (end < offset + bytes) {
      buffer.clear();
      buffer.limit((int) Math.min(buffer.capacity(), offset + bytes - end));
      for (int i = 0; i < buffer.limit(); i++) {
        buffer.put(i, byteAt(key, end + i));
      }
      while (buffer.hasRemaining()) {
        end += channel.write(buffer);
      }
      out.println("ACK " + key + " " + end);
    }
    return end;
  }

  /**
   * Starts one writer thread per key that appends {@code recordBytes} records with {@link #append}
   * until the JVM is killed; a writer that fails prints {@code WRITER-FAILED <error>} and stops.
   *
   * @param channels the keys' channels, open for appending
   * @param keys the keys, in the order of {@code channels}
   * @param ends where each key's acknowledged bytes end so far
   * @param recordBytes the size of one record
   * @param out where the {@code ACK} lines go
   */
  public static void startWriters(
      FileChannel[] channels, List<String> keys, long[] ends, int recordBytes, PrintStream out) {
    for (int i = 0; i < keys.size(); i++) {
      int w = i;
      Thread writer =
          new Thread(
              () -> {
                try {
                  long end = ends[w];
                  while (true) {
                    end = append(channels[w], keys.get(w), end, recordBytes, out);
                    Thread.sleep(1);
                  }
                } catch (Exception e) {
                  out.println("WRITER-FAILED " + e);
                }
              },
              "writer-" + w);
      writer.start();
    }
  }

  /**
   * Starts {@code main} in a child JVM with this JVM's class path, waits for a line starting with
   * {@code awaited}, waits {@code delayMillis} more (the kill then lands at a random moment of the
   * child's work: a timed wait is the point here), kills it with SIGKILL and returns what it
   * acknowledged (test side).
   *
   * @param main the child's main class
   * @param log where the child's standard error goes
   * @param awaited the marker line's start
   * @param delayMillis how long to let the child go on after the marker
   * @param wait how long the child may take to print the marker and to die
   * @param args the child's arguments
   * @return the highest acknowledged end of each key
   * @throws Exception when the child does not reach the marker (the message holds its log)
   */
  public static Map<String, Long> runUntilKilled(
      Class<?> main, Path log, String awaited, int delayMillis, Duration wait, String... args)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx256m"));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).redirectError(log.toFile()).start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Map<String, Long> acked = new HashMap<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  if (line.startsWith("ACK ")) {
                    String[] parts = line.split(" ");
                    synchronized (acked) {
                      acked.merge(parts[1], Long.parseLong(parts[2]), Math::max);
                    }
                  } else {
                    lines.add(line);
                  }
                }
              } catch (IOException e) {
                lines.add("READ-FAILED " + e);
              }
              lines.add("EOF");
            },
            "testkit-child-reader");
    reader.start();
    try {
      while (true) {
        String line = lines.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null
            || line.equals("EOF")
            || line.contains("FAILED")
            || line.equals("NOT-PAUSED")) {
          throw new AssertionError(
              "child did not reach "
                  + awaited
                  + ": last line="
                  + line
                  + ", log:\n"
                  + Files.readString(log));
        }
        if (line.startsWith(awaited)) {
          break;
        }
      }
      if (delayMillis > 0) {
        Thread.sleep(delayMillis);
      }
    } finally {
      child.destroyForcibly();
      if (!child.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("child did not die after SIGKILL: pid=" + child.pid());
      }
      reader.join(wait.toMillis());
    }
    synchronized (acked) {
      return new HashMap<>(acked);
    }
  }

  /**
   * Checks that a channel holds every acknowledged byte of its key (test side).
   *
   * @param channel the reopened key
   * @param key the key
   * @param ackedEnd the highest acknowledged end
   * @throws IOException when reading fails
   * @throws AssertionError naming the first lost byte
   */
  public static void assertPresent(FileChannel channel, String key, long ackedEnd)
      throws IOException {
    if (channel.size() < ackedEnd) {
      throw new AssertionError(
          "lost bytes: key=" + key + ", size=" + channel.size() + ", acked=" + ackedEnd);
    }
    ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
    long pos = 0;
    while (pos < ackedEnd) {
      buffer.clear();
      buffer.limit((int) Math.min(buffer.capacity(), ackedEnd - pos));
      int n = channel.read(buffer, pos);
      if (n <= 0) {
        throw new AssertionError("read nothing: key=" + key + ", offset=" + pos);
      }
      for (int i = 0; i < n; i++) {
        if (buffer.get(i) != byteAt(key, pos + i)) {
          throw new AssertionError(
              "lost byte: key=" + key + ", offset=" + (pos + i) + ", acked=" + ackedEnd);
        }
      }
      pos += n;
    }
  }
}
