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
 * Appends of 100 B to 1 MiB records (relative writes of a direct buffer, segments rolling every 64
 * MiB) on every target: FileChannel on disk and in the PMem directory, PMem channels of both
 * backends, a MixChannel on the hot tier, and the raw copy into pre-touched memory. Baselines:
 * {@code fileShm} (P1), {@code rawCopy} (P2), and for the MixChannel (P5) the PMem channel of the
 * backend {@code auto} picks ({@code pmemLlpl} where libpmem loads). {@link Suite} prints the
 * ratios. The targets are {@link AbstractAppendBenchmark}'s; nothing is forced.
 */
public class AppendBenchmark extends AbstractAppendBenchmark {

  /** Record size in bytes. */
  @Param({"100", "1024", "16384", "1048576"})
  public int recordBytes;

  @Override
  int recordBytes() {
    return recordBytes;
  }
}
