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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.PmemBackend;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;

/**
 * The child JVM of {@link KillNineTest}: appends pattern records to three keys and prints each
 * acknowledged write ({@code ACK key end}), force ({@code FORCED key end}) and roll ({@code TRUNC
 * key}, printed before the truncate) until it is killed.
 */
public final class KillNineChild {

  private KillNineChild() {}

  /**
   * Runs the workload.
   *
   * @param args pool directory, backend name
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    PmemBackend backend = PmemBackend.valueOf(args[1]);
    PrintStream out = System.out;
    Random random = new Random(42);
    try (PmemTier tier = TestPools.open(dir, KillNineTest.POOL_BYTES, TestPools.MIB, backend)) {
      FileChannel[] channels = new FileChannel[KillNineTest.KEYS];
      for (int k = 0; k < channels.length; k++) {
        channels[k] = tier.open("k" + k, Set.of(CREATE, WRITE));
      }
      out.println("READY");
      out.flush();
      for (long i = 0; ; i++) {
        int k = (int) (i % channels.length);
        FileChannel ch = channels[k];
        long at = ch.size();
        if (at > KillNineTest.ROLL_BYTES) {
          out.println("TRUNC k" + k);
          out.flush();
          ch.truncate(0);
          at = 0;
        }
        int length = 1 + random.nextInt(20_000);
        ch.write(ByteBuffer.wrap(TestData.pattern(k, at, length)));
        out.println("ACK k" + k + " " + (at + length));
        if (i % 7 == 0) {
          ch.force(false);
          out.println("FORCED k" + k + " " + (at + length));
        }
        out.flush();
      }
    }
  }
}
