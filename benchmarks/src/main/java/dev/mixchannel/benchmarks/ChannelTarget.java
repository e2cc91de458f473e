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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Set;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One channel of one target kind in a fresh directory, with a {@link RollingAppender} (and, once
 * {@link #fill filled}, a {@link SequentialReader}): a plain FileChannel, a PMem tier's channel, or
 * a MixChannel on the hot tier of a PMem-over-disk manager (migration off). Benchmarks'
 * {@code @State} classes extend it and call one {@code open...} in their {@code @Setup}; the trial
 * tear-down closes everything and deletes the directory.
 */
abstract class ChannelTarget {

  /** The channel's key (and file name). */
  static final String KEY = "segment.log";

  Path dir;
  Path diskDir;
  PmemTier tier;
  TierManager manager;
  FileChannel channel;
  RollingAppender appender;
  SequentialReader reader;

  /** A FileChannel on a file in a fresh directory under {@code base}. */
  final void openFile(Path base) throws IOException {
    dir = BenchDirs.fresh(base);
    channel = FileChannel.open(dir.resolve(KEY), CREATE, READ, WRITE, TRUNCATE_EXISTING);
    appender = new RollingAppender(channel);
  }

  /** A channel of a pre-touched PMem tier in a fresh directory under the PMem stand-in. */
  final void openPmem(PmemBackend backend) throws IOException {
    dir = BenchDirs.fresh(BenchDirs.shm());
    tier = BenchTiers.openPretouched(BenchTiers.pmemOnly(dir, backend));
    channel = tier.open(KEY, Set.of(CREATE, READ, WRITE));
    appender = new RollingAppender(channel);
  }

  /**
   * A MixChannel on the hot tier of a manager with a pre-touched PMem tier above a disk tier,
   * background migration off.
   */
  final void openMix() throws IOException {
    dir = BenchDirs.fresh(BenchDirs.shm());
    diskDir = BenchDirs.fresh(BenchDirs.disk());
    MixChannelConfig config =
        BenchTiers.pmemOverFile(dir.resolve("pmem"), diskDir, TierKind.SSD, -1, -1);
    BenchTiers.pretouch(config);
    manager = TierManager.builder(config).startMigrator(false).build();
    channel = manager.open(KEY, CREATE, READ, WRITE);
    appender = new RollingAppender(channel);
  }

  /**
   * Writes {@code bytes} of a pattern at offsets 0 to {@code bytes} with 1 MiB positional writes
   * (no rolling) and makes {@link #reader} read them, for the read targets.
   */
  final void fill(long bytes) throws IOException {
    ByteBuffer chunk = Records.direct(1 << 20);
    for (long at = 0; at < bytes; at += chunk.capacity()) {
      chunk.clear();
      chunk.limit((int) Math.min(chunk.capacity(), bytes - at));
      while (chunk.hasRemaining()) {
        channel.write(chunk, at + chunk.position());
      }
    }
    reader = new SequentialReader(channel, bytes);
  }

  /**
   * Closes the channel, tier or manager and deletes the directories.
   *
   * @throws IOException on failure
   */
  @TearDown(Level.Trial)
  public void close() throws IOException {
    if (channel != null) {
      channel.close();
    }
    if (manager != null) {
      manager.close();
    }
    if (tier != null) {
      tier.close();
    }
    BenchDirs.deleteTree(dir);
    BenchDirs.deleteTree(diskDir);
  }
}
