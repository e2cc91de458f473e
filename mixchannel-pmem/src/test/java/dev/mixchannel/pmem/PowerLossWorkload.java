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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * A random workload over a few key names on a small pool, so freed extents are reused by other keys
 * all the time: creates (some preallocated), appends, positional and gather writes (some past the
 * end, leaving a gap), {@code transferFrom} and {@code transferTo}, truncates (down and to 0),
 * forces, forces racing writes on a second thread, renames (some over an existing key), deletes
 * (some with the handle kept open and written to), and re-creation. One thread; deterministic for a
 * seed except for the racing force's interleaving.
 */
final class PowerLossWorkload {

  private static final int KIB = 1024;
  private static final long MAX_KEY_BYTES = TestPools.MIB + 512 * KIB;

  private final PowerLossDriver d;
  private final Random random;
  private final String[] names;
  private final Map<String, Integer> counts = new TreeMap<>();

  /**
   * @param driver the driver of the harness
   * @param random the workload's randomness
   * @param keys how many key names (at least 4)
   */
  PowerLossWorkload(PowerLossDriver driver, Random random, int keys) {
    this.d = driver;
    this.random = random;
    this.names = new String[keys];
    for (int i = 0; i < keys; i++) {
      names[i] = "k" + i;
    }
  }

  /** Key names of the randomized runs. */
  static final int KEYS = 5;

  /** Operations per randomized run. */
  static final int STEPS = 220;

  /** Pool size of the randomized runs: four 1 MiB extents (plus 1 MiB of metadata). */
  static final long POOL_BYTES = 5 * TestPools.MIB;

  private static final double IMAGE_PROBABILITY = 0.1;
  private static final int MAX_IMAGES = 30;
  private static final double EVICT_PROBABILITY = 0.02;

  /**
   * One randomized run on a harness: cache evictions at random stores, images at random flush
   * points, {@link #STEPS} operations, all from {@code seed}.
   *
   * @return the workload, for its {@link #summary()}
   */
  static PowerLossWorkload runRandomized(PowerLossHarness h, long seed, String context)
      throws Exception {
    h.memory().evictOnStores(new Random(seed * 31 + 7), EVICT_PROBABILITY);
    h.recordRandomly(context, new Random(seed * 17 + 3), IMAGE_PROBABILITY, MAX_IMAGES);
    PowerLossWorkload w = new PowerLossWorkload(h.driver(), new Random(seed), KEYS);
    w.run(STEPS);
    return w;
  }

  /** How many operations of each kind ran, for reports. */
  String summary() {
    return counts.toString();
  }

  private void count(String kind) {
    counts.merge(kind, 1, Integer::sum);
  }

  /** Runs {@code steps} operations. */
  void run(int steps) throws Exception {
    for (int i = 0; i < steps; i++) {
      step();
    }
  }

  private void step() throws Exception {
    String name = names[random.nextInt(names.length)];
    int f = d.fileOf(name);
    if (f < 0) {
      long preallocate = random.nextInt(3) == 0 ? 1 + random.nextInt(1024 * KIB) : 0;
      count(preallocate > 0 ? "create-preallocated" : "create");
      if (d.create(name, preallocate) < 0) {
        makeRoom();
      }
      return;
    }
    int op = random.nextInt(100);
    if (op < 45) {
      write(f);
    } else if (op < 55) {
      truncate(f);
    } else if (op < 67) {
      count("force");
      d.force(f);
    } else if (op < 74) {
      count("force-racing-writes");
      PowerLossRacingForce.forceWhile(d, f, () -> racingWrites(f));
    } else if (op < 78) {
      count("transferTo");
      d.transferTo(f, random.nextLong(d.model().sizeOf(f) + 1), random.nextInt(512 * KIB));
    } else if (op < 84) {
      String to = names[random.nextInt(names.length)];
      count(d.fileOf(to) >= 0 ? "rename-over" : "rename");
      d.rename(name, to);
    } else if (op < 91) {
      count("delete");
      d.delete(name);
      if (random.nextBoolean()) {
        d.closeHandle(f);
      }
    } else {
      orphan();
    }
  }

  /** One write of a random kind; when the key would grow too large, a truncate instead. */
  private void write(int f) throws Exception {
    long size = d.model().sizeOf(f);
    int length = 1 + random.nextInt(256 * KIB);
    int kind = random.nextInt(10);
    long position =
        switch (kind) {
          case 0, 1, 2, 3 -> size;
          case 4, 5 -> size == 0 ? 0 : random.nextLong(size);
          case 6, 7 -> size + 1 + random.nextInt(300 * KIB);
          default -> random.nextLong(size + 1);
        };
    if (position + length > MAX_KEY_BYTES) {
      truncate(f);
      return;
    }
    count(
        switch (kind) {
          case 0, 1, 2, 3 -> "append";
          case 6, 7 -> "write-past-end";
          case 8 -> "gather-write";
          case 9 -> "transferFrom";
          default -> "overwrite";
        });
    long written =
        switch (kind) {
          case 0, 1 -> d.append(f, length);
          case 8 -> d.gatherWrite(f, position, length);
          case 9 -> d.transferFrom(f, position, length);
          default -> d.write(f, position, length);
        };
    if (written == 0) {
      count("pool-full");
      makeRoom();
    }
  }

  private void truncate(int f) throws Exception {
    long size = d.model().sizeOf(f);
    long to = random.nextInt(5) == 0 || size == 0 ? 0 : random.nextLong(size);
    count(to == 0 ? "truncate-to-0" : "truncate");
    d.truncate(f, to);
  }

  /** Writes while another thread forces the same file: appends and overwrites. */
  private void racingWrites(int f) throws Exception {
    int writes = 1 + random.nextInt(3);
    for (int i = 0; i < writes; i++) {
      long size = d.model().sizeOf(f);
      int length = 1 + random.nextInt(128 * KIB);
      if (size + length > MAX_KEY_BYTES) {
        return;
      }
      if (random.nextBoolean() || size == 0) {
        d.append(f, length);
      } else {
        d.write(f, random.nextLong(size), (int) Math.min(length, size));
      }
    }
  }

  /** Writes to, forces or closes a handle whose key was deleted or renamed over. */
  private void orphan() throws Exception {
    List<Integer> orphans = orphans();
    if (orphans.isEmpty()) {
      return;
    }
    int f = orphans.get(random.nextInt(orphans.size()));
    int op = random.nextInt(3);
    long size = d.model().sizeOf(f);
    if (op == 0 && size + 64 * KIB <= MAX_KEY_BYTES) {
      count("write-deleted");
      d.append(f, 1 + random.nextInt(64 * KIB));
    } else if (op == 1) {
      count("force-deleted");
      d.force(f);
    } else {
      count("close-deleted");
      d.closeHandle(f);
    }
  }

  /** The pool is full: close the handles of deleted keys, else delete a key. */
  private void makeRoom() throws Exception {
    List<Integer> orphans = orphans();
    if (!orphans.isEmpty()) {
      for (int f : orphans) {
        d.closeHandle(f);
      }
      return;
    }
    String name = names[random.nextInt(names.length)];
    int f = d.fileOf(name);
    if (f >= 0) {
      d.delete(name);
      d.closeHandle(f);
    }
  }

  private List<Integer> orphans() {
    Set<Integer> open = d.openFiles();
    List<Integer> out = new ArrayList<>();
    for (int f : open) {
      boolean bound = false;
      for (String n : names) {
        bound |= d.fileOf(n) == f;
      }
      if (!bound) {
        out.add(f);
      }
    }
    out.sort(null);
    return out;
  }
}
