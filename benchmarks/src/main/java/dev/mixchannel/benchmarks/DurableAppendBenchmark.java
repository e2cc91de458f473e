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

import org.openjdk.jmh.annotations.Param;

/**
 * Durable appends: 1 KiB records with {@code force(false)} every 4 KiB, 64 KiB or 1 MiB, on the
 * targets of {@link AppendBenchmark} (for a FileChannel, force is fsync; for the PMem channels a
 * flush of the written ranges: msync, or CPU cache-line flushes for LLPL with {@code
 * PMEM_IS_PMEM_FORCE=1}). The raw copy never forces: it is the ceiling. Baseline: {@code fileDisk}
 * (P3 at 64 KiB).
 */
public class DurableAppendBenchmark extends AbstractAppendBenchmark {

  /** Record size in bytes. */
  @Param({"1024"})
  public int recordBytes;

  /** Bytes appended between two forces. */
  @Param({"4096", "65536", "1048576"})
  public long forceEveryBytes;

  @Override
  int recordBytes() {
    return recordBytes;
  }

  @Override
  long forceEveryBytes() {
    return forceEveryBytes;
  }
}
