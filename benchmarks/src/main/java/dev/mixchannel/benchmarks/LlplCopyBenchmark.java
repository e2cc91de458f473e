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

import com.intel.pmem.llpl.MemoryPool;
import java.io.IOException;
import java.lang.reflect.Method;
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
 * The measurement behind the LLPL backend's copy choice: LLPL's cached copy, non-temporal copy and
 * cached copy with a flush every 64 KiB, into a pre-touched pool on /dev/shm, for 1 KiB and 1 MiB
 * records. The pool flush is {@code pmem_persist} (cache-line flushes).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class LlplCopyBenchmark {

  static final long POOL_BYTES = 64L << 20;

  /** Record size in bytes. */
  @Param({"1024", "1048576"})
  public int recordBytes;

  private Path dir;
  private MemoryPool pool;
  private byte[] record;
  private long offset;
  private long sinceFlush;
  private long flushFrom;

  /** Creates and pre-touches the pool. @throws IOException on failure */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory(BenchDirs.shm(), "mixchannel-llpl-");
    pool = MemoryPool.createPool(dir.resolve("pool").toString(), POOL_BYTES);
    pool.setMemoryNT((byte) 0, 0, POOL_BYTES);
    record = new byte[recordBytes];
    for (int i = 0; i < recordBytes; i++) {
      record[i] = (byte) (i * 31);
    }
  }

  /** Unmaps and deletes the pool. @throws Exception on failure */
  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    Method close = pool.getClass().getDeclaredMethod("close");
    close.setAccessible(true);
    close.invoke(pool);
    BenchDirs.deleteTree(dir);
  }

  private long next() {
    if (offset + recordBytes > POOL_BYTES) {
      offset = 0;
      flushFrom = 0;
    }
    long at = offset;
    offset += recordBytes;
    return at;
  }

  /** Cached stores, never flushed. */
  @Benchmark
  public long cachedCopy() {
    long at = next();
    pool.copyFromByteArray(record, 0, at, recordBytes);
    return at;
  }

  /** Non-temporal stores. */
  @Benchmark
  public long ntCopy() {
    long at = next();
    pool.copyFromByteArrayNT(record, 0, at, recordBytes);
    return at;
  }

  /** Cached stores with a flush of the written range every 64 KiB. */
  @Benchmark
  public long cachedCopyFlush64k() {
    long at = next();
    pool.copyFromByteArray(record, 0, at, recordBytes);
    sinceFlush += recordBytes;
    if (sinceFlush >= PmemAppendBenchmark.FORCE_EVERY_BYTES) {
      pool.flush(flushFrom, at + recordBytes - flushFrom);
      flushFrom = at + recordBytes;
      sinceFlush = 0;
    }
    return at;
  }
}
