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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The physical limit of an append: a copy into a pre-touched direct buffer of one segment, wrapping
 * at its end.
 */
@State(Scope.Thread)
public class RawSegment {

  private ByteBuffer segment;
  private int position;

  /** Allocates the segment and touches every page. */
  @Setup(Level.Trial)
  public void setUp() {
    segment = ByteBuffer.allocateDirect((int) BenchTiers.SEGMENT_BYTES);
    for (int i = 0; i < segment.capacity(); i += 4096) {
      segment.put(i, (byte) 1);
    }
  }

  /**
   * Copies the whole record.
   *
   * @param record the record, from 0 to its capacity
   * @return the bytes copied
   */
  public int copy(ByteBuffer record) {
    int bytes = record.capacity();
    if (position + bytes > segment.capacity()) {
      position = 0;
    }
    segment.put(position, record, 0, bytes);
    position += bytes;
    return bytes;
  }
}
