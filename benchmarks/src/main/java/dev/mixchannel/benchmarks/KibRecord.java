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

import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The record of the benchmarks that append 1 KiB records only ({@link AnchorChannelBenchmark}, the
 * foreground appends of {@link MigrationBenchmark}): a JMH thread state.
 */
@State(Scope.Thread)
public class KibRecord {
  /** Record size in bytes. */
  @Param({"1024"})
  public int recordBytes;

  ByteBuffer buffer;

  /** Fills it. */
  @Setup(Level.Trial)
  public void setUp() {
    buffer = Records.direct(recordBytes);
  }
}
