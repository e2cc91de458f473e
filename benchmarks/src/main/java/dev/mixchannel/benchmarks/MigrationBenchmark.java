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
package dev.mixchannel.benchmarks;

import static java.nio.file.StandardCopyOption.REPLACE_EXISTING;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Migration: one 64 MiB key moved down (PMem tier on /dev/shm to a file tier on disk) and up,
 * without a rate limit, against {@code Files.copy} of a file of the same size between the same two
 * file systems followed by an fsync of the copy (the migration makes its destination durable before
 * it publishes it, so the copy does too). And foreground 1 KiB appends on a MixChannel while
 * another 64 MiB key of the same manager migrates down and up without pause, against the same
 * appends with nothing else running. Baselines: {@code copyDown}, {@code copyUp}, {@code
 * appendIdle} (P6).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MigrationBenchmark {

  static final String MOVING = "moving.log";

  /** The size of the key that moves. */
  @State(Scope.Benchmark)
  public static class Key {
    /** Bytes of the migrated key and of the copied file. */
    @Param({"67108864"})
    public long keyBytes;
  }

  /**
   * A PMem-over-disk manager (no background policy) holding the moving key, and its directories.
   */
  abstract static class Tiers {
    Path shmDir;
    Path diskDir;
    TierManager manager;

    final void open(long keyBytes) throws IOException {
      shmDir = BenchDirs.fresh(BenchDirs.shm());
      diskDir = BenchDirs.fresh(BenchDirs.disk());
      MixChannelConfig config =
          BenchTiers.pmemOverFile(
              shmDir.resolve("pmem"), diskDir.resolve("file"), TierKind.HDD, -1, -1);
      BenchTiers.pretouch(config);
      manager = TierManager.builder(config).startMigrator(false).build();
      try (MixChannel key = manager.open(MOVING, CREATE, WRITE)) {
        ByteBuffer chunk = Records.direct(1 << 20);
        for (long at = 0; at < keyBytes; at += chunk.capacity()) {
          chunk.clear();
          key.write(chunk, at);
        }
      }
    }

    /** Stops what uses the manager; nothing by default. */
    void beforeClose() throws IOException {}

    final void moveTo(String tier) throws IOException {
      if (!manager.tierOf(MOVING).equals(tier)) {
        manager.migrate(MOVING, tier);
      }
    }

    /**
     * Closes the manager and deletes the directories.
     *
     * @throws IOException on failure
     */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      beforeClose();
      manager.close();
      BenchDirs.deleteTree(shmDir);
      BenchDirs.deleteTree(diskDir);
    }
  }

  /** The key, put back on its start tier before each migration (not timed). */
  abstract static class Migrating extends Tiers {
    private final String startTier;

    Migrating(String startTier) {
      this.startTier = startTier;
    }

    /**
     * Opens it.
     *
     * @param k the key size
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp(Key k) throws IOException {
      open(k.keyBytes);
    }

    /**
     * Puts the key back on its start tier (not timed).
     *
     * @throws IOException on failure
     */
    @Setup(Level.Invocation)
    public void reset() throws IOException {
      moveTo(startTier);
    }
  }

  /** The key, on the PMem tier before each demotion. */
  @State(Scope.Thread)
  public static class Demote extends Migrating {
    /** Starts on the PMem tier. */
    public Demote() {
      super("pmem");
    }
  }

  /** The key, on the file tier before each promotion. */
  @State(Scope.Thread)
  public static class Promote extends Migrating {
    /** Starts on the file tier. */
    public Promote() {
      super("file");
    }
  }

  /** A source file on one file system and a destination directory on the other. */
  abstract static class Copy {
    private final boolean down;
    Path shmDir;
    Path diskDir;
    Path source;
    Path target;

    Copy(boolean down) {
      this.down = down;
    }

    /**
     * Writes the source.
     *
     * @param k the key size
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp(Key k) throws IOException {
      shmDir = BenchDirs.fresh(BenchDirs.shm());
      diskDir = BenchDirs.fresh(BenchDirs.disk());
      source = (down ? shmDir : diskDir).resolve("source.log");
      target = (down ? diskDir : shmDir).resolve("target.log");
      try (FileChannel ch = FileChannel.open(source, CREATE, WRITE)) {
        ByteBuffer chunk = Records.direct(1 << 20);
        for (long at = 0; at < k.keyBytes; at += chunk.capacity()) {
          chunk.clear();
          ch.write(chunk, at);
        }
        ch.force(true);
      }
    }

    final long copy() throws IOException {
      Files.copy(source, target, REPLACE_EXISTING);
      return sync();
    }

    /** A move between file systems: a copy, then the source deleted; made durable like a copy. */
    final long move() throws IOException {
      Files.move(source, target, REPLACE_EXISTING);
      return sync();
    }

    private long sync() throws IOException {
      try (FileChannel ch = FileChannel.open(target, READ, WRITE)) {
        ch.force(true);
        return ch.size();
      }
    }

    /**
     * Deletes the copy before the next one, or moves the source back after a move, durably (not
     * timed).
     *
     * @throws IOException on failure
     */
    @Setup(Level.Invocation)
    public void reset() throws IOException {
      if (!Files.exists(source)) {
        Files.move(target, source);
        try (FileChannel ch = FileChannel.open(source, READ, WRITE)) {
          ch.force(true);
        }
      }
      Files.deleteIfExists(target);
    }

    /**
     * Deletes the directories.
     *
     * @throws IOException on failure
     */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      BenchDirs.deleteTree(shmDir);
      BenchDirs.deleteTree(diskDir);
    }
  }

  /** Copy from /dev/shm to disk. */
  @State(Scope.Thread)
  public static class CopyDown extends Copy {
    /** Copies down. */
    public CopyDown() {
      super(true);
    }
  }

  /** Copy from disk to /dev/shm. */
  @State(Scope.Thread)
  public static class CopyUp extends Copy {
    /** Copies up. */
    public CopyUp() {
      super(false);
    }
  }

  /** A MixChannel on the PMem tier of the manager that also holds the moving key. */
  abstract static class Foreground extends Tiers {
    MixChannel channel;
    RollingAppender appender;

    final void openForeground(long keyBytes) throws IOException {
      open(keyBytes);
      channel = manager.open(ChannelTarget.KEY, CREATE, READ, WRITE);
      appender = new RollingAppender(channel);
    }
  }

  /** Foreground appends, nothing else running. */
  @State(Scope.Thread)
  public static class Idle extends Foreground {
    /**
     * Opens it.
     *
     * @param k the key size
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp(Key k) throws IOException {
      openForeground(k.keyBytes);
    }
  }

  /** Foreground appends while the moving key migrates down and up without pause. */
  @State(Scope.Thread)
  public static class Busy extends Foreground {
    KeyShuttle shuttle;

    /**
     * Opens it and starts the migrations.
     *
     * @param k the key size
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp(Key k) throws IOException {
      openForeground(k.keyBytes);
      shuttle = KeyShuttle.start(manager, MOVING, "pmem", "file");
    }

    @Override
    void beforeClose() throws IOException {
      shuttle.close();
      System.out.println("background migrations during the trial: " + shuttle.migrations());
    }
  }

  /**
   * Demotes the key: PMem tier to the disk tier.
   *
   * @param k the key size
   * @param t the tiers
   * @return the key's size
   * @throws IOException on failure
   */
  @Benchmark
  public long demote(Key k, Demote t) throws IOException {
    t.manager.migrate(MOVING, "file");
    return k.keyBytes;
  }

  /**
   * Promotes the key: disk tier to the PMem tier.
   *
   * @param k the key size
   * @param t the tiers
   * @return the key's size
   * @throws IOException on failure
   */
  @Benchmark
  public long promote(Key k, Promote t) throws IOException {
    t.manager.migrate(MOVING, "pmem");
    return k.keyBytes;
  }

  /**
   * Baseline of the demotion: {@code Files.copy} from /dev/shm to disk, then fsync.
   *
   * @param k the key size
   * @param t the files
   * @return the copy's size
   * @throws IOException on failure
   */
  @Benchmark
  public long copyDown(Key k, CopyDown t) throws IOException {
    return t.copy();
  }

  /**
   * Baseline of the promotion: {@code Files.copy} from disk to /dev/shm, then fsync.
   *
   * @param k the key size
   * @param t the files
   * @return the copy's size
   * @throws IOException on failure
   */
  @Benchmark
  public long copyUp(Key k, CopyUp t) throws IOException {
    return t.copy();
  }

  /**
   * Foreground appends, idle manager.
   *
   * @param r the record
   * @param t the channel
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int appendIdle(KibRecord r, Idle t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Foreground appends while another key migrates.
   *
   * @param r the record
   * @param t the channel
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int appendDuringMigration(KibRecord r, Busy t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Not a goal's baseline: {@code Files.move} from /dev/shm to disk (a copy, then the source
   * deleted, as a migration deletes its source), then fsync.
   *
   * @param k the key size
   * @param t the files
   * @return the moved file's size
   * @throws IOException on failure
   */
  @Benchmark
  public long moveDown(Key k, CopyDown t) throws IOException {
    return t.move();
  }

  /**
   * Not a goal's baseline: {@code Files.move} from disk to /dev/shm, then fsync.
   *
   * @param k the key size
   * @param t the files
   * @return the moved file's size
   * @throws IOException on failure
   */
  @Benchmark
  public long moveUp(Key k, CopyUp t) throws IOException {
    return t.move();
  }
}
