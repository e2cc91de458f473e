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

import dev.mixchannel.api.PmemBackend;
import java.io.IOException;
import java.nio.ByteBuffer;
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
 * Sequential reads, front to back in fixed-size chunks: positional reads into a direct buffer, and
 * {@code transferTo} into a loopback socket drained by another thread. Targets: a MixChannel on the
 * hot tier and its PMem channel directly (256 MiB of data each), a FileChannel on disk with the
 * page cache dropped before every iteration ({@link #COLD_BYTES}; where the cache cannot be dropped
 * the tear-down says the figures are warm-cache ones) and the same with a warm cache (256 MiB, read
 * once before). Baseline: {@code fileDiskCold} (P4).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReadBenchmark {

  static final long HOT_BYTES = 256L << 20;

  /**
   * The cold file's size, {@code mixchannel.bench.read.cold.bytes} (default 4 GiB): large enough
   * that a trial never reads a block twice. Dropping the guest's page cache is not enough on a
   * virtual machine whose host caches the disk image: a block read once comes back from the host's
   * memory at memory speed. The quick profile reads about 4 GiB per trial at this machine's cold
   * speed; the tear-down prints how often a trial wrapped around (re-reads are warm).
   */
  static final long COLD_BYTES =
      BenchDirs.sizeProperty("mixchannel.bench.read.cold.bytes", 4L << 30);

  /** The read buffer. */
  @State(Scope.Thread)
  public static class Chunk {
    /** Bytes per read or transfer. */
    @Param({"65536"})
    public int readBytes;

    ByteBuffer buffer;

    /** Allocates it. */
    @Setup(Level.Trial)
    public void setUp() {
      buffer = ByteBuffer.allocateDirect(readBytes);
    }
  }

  /** MixChannel on the hot tier. */
  @State(Scope.Thread)
  public static class MixHot extends ChannelTarget {
    /**
     * Opens and fills it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openMix();
      fill(HOT_BYTES);
    }
  }

  /** The PMem channel directly (backend auto). */
  @State(Scope.Thread)
  public static class PmemAuto extends ChannelTarget {
    /**
     * Opens and fills it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openPmem(PmemBackend.AUTO);
      fill(HOT_BYTES);
    }
  }

  /** FileChannel on disk, page cache dropped before each iteration. */
  @State(Scope.Thread)
  public static class FileDiskCold extends ChannelTarget {
    boolean dropped = true;

    /**
     * Opens, fills and syncs it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openFile(BenchDirs.disk());
      fill(COLD_BYTES);
      channel.force(true);
    }

    /** Drops the page cache. */
    @Setup(Level.Iteration)
    public void dropCache() {
      dropped &= BenchDirs.dropPageCache();
    }

    /** Says whether the figures are cold-cache ones. */
    @TearDown(Level.Trial)
    public void report() {
      System.out.println(
          dropped
              ? "fileDiskCold: page cache dropped before every iteration; wrap-arounds (warm"
                  + " re-reads): "
                  + reader.wraps()
              : "fileDiskCold: WARM CACHE, /proc/sys/vm/drop_caches is not writable here");
    }
  }

  /** FileChannel on disk, warm page cache. */
  @State(Scope.Thread)
  public static class FileDiskWarm extends ChannelTarget {
    /**
     * Opens, fills and reads it once.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openFile(BenchDirs.disk());
      fill(HOT_BYTES);
      ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
      for (long at = 0; at < HOT_BYTES; at += chunk.capacity()) {
        chunk.clear();
        channel.read(chunk, at);
      }
    }
  }

  /**
   * Positional read, hot tier.
   *
   * @param c the buffer
   * @param t the target
   * @return bytes read
   * @throws IOException on failure
   */
  @Benchmark
  public int readMixHot(Chunk c, MixHot t) throws IOException {
    return t.reader.read(c.buffer);
  }

  /**
   * Positional read, PMem channel.
   *
   * @param c the buffer
   * @param t the target
   * @return bytes read
   * @throws IOException on failure
   */
  @Benchmark
  public int readPmem(Chunk c, PmemAuto t) throws IOException {
    return t.reader.read(c.buffer);
  }

  /**
   * Positional read, disk, cold cache.
   *
   * @param c the buffer
   * @param t the target
   * @return bytes read
   * @throws IOException on failure
   */
  @Benchmark
  public int readFileDiskCold(Chunk c, FileDiskCold t) throws IOException {
    return t.reader.read(c.buffer);
  }

  /**
   * Positional read, disk, warm cache.
   *
   * @param c the buffer
   * @param t the target
   * @return bytes read
   * @throws IOException on failure
   */
  @Benchmark
  public int readFileDiskWarm(Chunk c, FileDiskWarm t) throws IOException {
    return t.reader.read(c.buffer);
  }

  /**
   * transferTo a socket, hot tier.
   *
   * @param c the chunk size
   * @param t the target
   * @param s the socket
   * @return bytes transferred
   * @throws IOException on failure
   */
  @Benchmark
  public long transferMixHot(Chunk c, MixHot t, LoopbackSink s) throws IOException {
    return t.reader.transferTo(c.readBytes, s.socket);
  }

  /**
   * transferTo a socket, PMem channel.
   *
   * @param c the chunk size
   * @param t the target
   * @param s the socket
   * @return bytes transferred
   * @throws IOException on failure
   */
  @Benchmark
  public long transferPmem(Chunk c, PmemAuto t, LoopbackSink s) throws IOException {
    return t.reader.transferTo(c.readBytes, s.socket);
  }

  /**
   * transferTo a socket, disk, cold cache.
   *
   * @param c the chunk size
   * @param t the target
   * @param s the socket
   * @return bytes transferred
   * @throws IOException on failure
   */
  @Benchmark
  public long transferFileDiskCold(Chunk c, FileDiskCold t, LoopbackSink s) throws IOException {
    return t.reader.transferTo(c.readBytes, s.socket);
  }

  /**
   * transferTo a socket, disk, warm cache.
   *
   * @param c the chunk size
   * @param t the target
   * @param s the socket
   * @return bytes transferred
   * @throws IOException on failure
   */
  @Benchmark
  public long transferFileDiskWarm(Chunk c, FileDiskWarm t, LoopbackSink s) throws IOException {
    return t.reader.transferTo(c.readBytes, s.socket);
  }
}
