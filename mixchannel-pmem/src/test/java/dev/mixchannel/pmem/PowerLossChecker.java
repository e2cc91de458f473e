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

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.pmem.internal.PmemPool;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Opens a crash image as a pool (JDK backend, a fresh directory) and lists every way it breaks its
 * expectation: a quarantined slot (a torn state must quarantine nothing), a key that must exist and
 * does not, a key that may not exist and does, a size beyond the largest ever written, a byte
 * forced before the image that is not there, and above all a byte in {@code [0, size)} that is
 * neither 0 nor one the key's file wrote at that offset. Then it writes on the reopened pool, as a
 * restarted process would: one byte at the end of every key's last extent and of every free extent
 * (in a new key), and every byte of the gaps must read zero (a truncated tail, a freed or reused
 * extent must never come back). Thread-safe: a check takes a directory no other check uses (they
 * are reused, and deleted with the root).
 */
final class PowerLossChecker {

  private static final int MAX_DETAILS_PER_KEY = 1;
  private static final int WHOSE_RUN_BYTES = 16;
  private static final String PROBE_KEY = "probe-after-reopen";
  private static final byte PROBE_BYTE = 0x5a;

  private final Path root;
  private final long poolBytes;
  private final long extentBytes;
  private final PowerLossModel model;
  private final AtomicInteger images = new AtomicInteger();
  private final Queue<Path> idle = new ConcurrentLinkedQueue<>();

  /**
   * @param root where image directories are made (the caller deletes it)
   * @param poolBytes the pool's capacity as configured
   * @param extentBytes the pool's extent size
   * @param model names the files whose bytes an image shows, for reports
   */
  PowerLossChecker(Path root, long poolBytes, long extentBytes, PowerLossModel model) {
    this.root = root;
    this.poolBytes = poolBytes;
    this.extentBytes = extentBytes;
    this.model = model;
  }

  /**
   * Checks one image.
   *
   * @param image the pool file's bytes
   * @param expected what it must and may show
   * @param where the image's seed, index and flush point, prefixed to every failure
   * @return the failures, empty when the image is right
   */
  List<String> check(byte[] image, PowerLossExpectation expected, String where) {
    List<String> failures = new ArrayList<>();
    String at = where + " [in flight: " + String.join(", ", expected.inFlight()) + "]: ";
    Path dir = idle.poll();
    try {
      if (dir == null) {
        dir = Files.createDirectories(root.resolve("image-" + images.incrementAndGet()));
      }
      writeOver(dir.resolve(PmemPool.FILE_NAME), image);
      try (PmemTier tier = TestPools.open(dir, poolBytes, extentBytes, PmemBackend.JDK)) {
        for (String q : tier.quarantined()) {
          failures.add(at + "quarantined after a power loss: " + q);
        }
        for (String key : tier.keys()) {
          PowerLossExpectation.Key k = expected.keys().get(key);
          if (k == null || k.candidates().isEmpty()) {
            failures.add(at + "key exists that may not: key=" + key);
          }
        }
        for (PowerLossExpectation.Key k : expected.keys().values()) {
          checkKey(tier, k, at, failures);
        }
        probeWritesAfterReopen(tier, at, failures);
      }
    } catch (IOException | RuntimeException e) {
      failures.add(at + "image does not open or read: " + e);
    } finally {
      if (dir != null) {
        idle.add(dir);
      }
    }
    return failures;
  }

  /**
   * Writes past the end of every key, to the end of its last extent, and across every free extent
   * in a new key: every byte between must read zero.
   */
  private void probeWritesAfterReopen(PmemTier tier, String at, List<String> out)
      throws IOException {
    for (String key : tier.keys()) {
      try (FileChannel ch = tier.open(key, Set.of(READ, WRITE))) {
        long size = ch.size();
        long last = (size + extentBytes - 1) / extentBytes * extentBytes - 1;
        if (last > size) {
          ch.write(ByteBuffer.wrap(new byte[] {PROBE_BYTE}), last);
          checkGaps(TestData.readAll(ch), size, key, at, out);
        }
      }
    }
    FileChannel probe;
    try {
      probe = tier.open(PROBE_KEY, Set.of(CREATE_NEW, READ, WRITE));
    } catch (TierFullException noSlot) {
      return;
    }
    try (FileChannel ch = probe) {
      for (long p = extentBytes - 1; ; p += extentBytes) {
        try {
          ch.write(ByteBuffer.wrap(new byte[] {PROBE_BYTE}), p);
        } catch (TierFullException full) {
          break;
        }
      }
      checkGaps(TestData.readAll(ch), 0, PROBE_KEY, at, out);
    }
  }

  /** Every byte from {@code from} on is zero but the probe byte at the end of each extent. */
  private void checkGaps(byte[] bytes, long from, String key, String at, List<String> out) {
    for (int o = (int) from; o < bytes.length; o++) {
      boolean probed = (o + 1) % extentBytes == 0 && bytes[o] == PROBE_BYTE;
      if (bytes[o] != 0 && !probed) {
        out.add(
            at
                + "a write after the reopen shows old bytes in a gap: key="
                + key
                + ", gapFrom="
                + from
                + ", offset="
                + o
                + ", found="
                + hex(bytes[o])
                + ", which is "
                + whose(bytes, o));
        return;
      }
    }
  }

  /** Overwrites the file in place: its pages stay allocated from one image to the next. */
  private static void writeOver(Path file, byte[] image) throws IOException {
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      ByteBuffer src = ByteBuffer.wrap(image);
      while (src.hasRemaining()) {
        ch.write(src, src.position());
      }
    }
  }

  private void checkKey(PmemTier tier, PowerLossExpectation.Key k, String at, List<String> out)
      throws IOException {
    if (!tier.exists(k.name())) {
      if (k.mustExist()) {
        out.add(
            at + "key lost: key=" + k.name() + " (" + k.candidates().get(0).description() + ")");
      }
      return;
    }
    byte[] bytes;
    try (FileChannel ch = tier.open(k.name(), Set.of(READ))) {
      bytes = TestData.readAll(ch);
    }
    // A namespace change in flight leaves two candidate files: the key is right if one fits.
    List<String> all = new ArrayList<>();
    for (PowerLossExpectation.File c : k.candidates()) {
      List<String> problems = problems(k.name(), bytes, c);
      if (problems.isEmpty()) {
        return;
      }
      String prefix = k.candidates().size() > 1 ? "(no candidate file fits) " : "";
      problems.forEach(p -> all.add(at + prefix + p));
    }
    out.addAll(all);
  }

  /** How {@code bytes}, read from key {@code name}, break candidate file {@code c}. */
  private List<String> problems(String name, byte[] bytes, PowerLossExpectation.File c) {
    List<String> out = new ArrayList<>();
    String key = "key=" + name + " as " + c.description();
    long size = bytes.length;
    if (size > c.maxSizeBytes()) {
      out.add("size beyond any write: " + key + ", size=" + size + ", max=" + c.maxSizeBytes());
    }
    if (size < c.guaranteedBytes()) {
      out.add("forced bytes lost: " + key + ", size=" + size + ", forced=" + c.guaranteedBytes());
    }
    int foreign = 0;
    long firstForeign = -1;
    long lastForeign = -1;
    for (int o = 0; o < bytes.length; o++) {
      byte b = bytes[o];
      byte own = PowerLossPattern.at(c.number(), o);
      if (b != 0 && b != own) {
        if (foreign < MAX_DETAILS_PER_KEY) {
          out.add(
              "shows bytes it did not write: "
                  + key
                  + ", offset="
                  + o
                  + ", found="
                  + hex(b)
                  + ", which is "
                  + whose(bytes, o));
        }
        foreign++;
        lastForeign = o;
        if (firstForeign < 0) {
          firstForeign = o;
        }
        continue;
      }
      if (o < c.guaranteedBytes()) {
        boolean forcedWritten = c.durableWritten().get(o);
        boolean ok = forcedWritten ? b == own : b == 0 || c.isTainted(o);
        if (!ok && out.size() < 2 * MAX_DETAILS_PER_KEY) {
          out.add(
              "forced byte not there: "
                  + key
                  + ", offset="
                  + o
                  + ", forced="
                  + hex(forcedWritten ? own : 0)
                  + ", found="
                  + hex(b));
        }
      }
    }
    if (foreign > MAX_DETAILS_PER_KEY) {
      out.add(
          "shows bytes it did not write: "
              + key
              + ", foreignBytes="
              + foreign
              + " in ["
              + firstForeign
              + ", "
              + lastForeign
              + "]");
    }
    return out;
  }

  /**
   * Whose bytes start at {@code offset}: the file whose pattern matches the next bytes there, or at
   * an offset a whole number of extents away (an extent reused at another index).
   */
  private String whose(byte[] bytes, int offset) {
    int run = Math.min(WHOSE_RUN_BYTES, bytes.length - offset);
    for (long delta = 0; delta <= poolBytes; delta += extentBytes) {
      for (long d : new long[] {delta, -delta}) {
        for (int f = 0; f < model.fileCount(); f++) {
          if (offset + d >= 0 && matches(bytes, offset, run, f, offset + d)) {
            return "the byte "
                + model.describe(f)
                + " writes at "
                + (d == 0 ? "this offset" : "offset " + (offset + d));
          }
        }
      }
    }
    return "no byte the workload wrote at this offset or a whole number of extents away (file #"
        + PowerLossPattern.fileOf(bytes[offset], offset)
        + " by this byte alone)";
  }

  private static boolean matches(byte[] bytes, int from, int run, int file, long fileOffset) {
    for (int i = 0; i < run; i++) {
      if (bytes[from + i] != PowerLossPattern.at(file, fileOffset + i)) {
        return false;
      }
    }
    return true;
  }

  private static String hex(byte b) {
    return String.format("0x%02x", b & 0xFF);
  }
}
