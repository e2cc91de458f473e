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
package dev.mixchannel.examples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The basics: configure two tiers, open a channel, write, read, force, move it to the slower tier
 * while it stays open, close. Run it with {@code java -cp examples/target/mixchannel-demo.jar
 * dev.mixchannel.examples.BasicUsage}; it works in a temporary directory and removes it.
 */
public final class BasicUsage {

  private BasicUsage() {}

  /**
   * Runs the example in a fresh temporary directory.
   *
   * @param args ignored
   * @throws IOException when the example fails
   */
  public static void main(String[] args) throws IOException {
    DemoFiles.inTempDirectory("mixchannel-basic-", work -> run(work, System.out));
  }

  /**
   * Runs the example.
   *
   * @param work an empty directory for the tiers
   * @param out where to print what happens
   * @throws IOException when the example fails
   */
  static void run(Path work, PrintStream out) throws IOException {
    // Fastest tier first. In production the PMem path is a DAX mount (or /dev/shm to emulate
    // PMem) and the disk path a directory on an SSD or HDD; -1 means "the free space".
    MixChannelConfig config =
        MixChannelConfig.builder()
            .tier("pmem", TierKind.PMEM, 64L << 20, work.resolve("pmem"))
            .tier("disk", TierKind.HDD, -1, work.resolve("disk"))
            .build();
    String key = "orders-0/00000000000000000000.log";
    try (TierManager manager = TierManager.open(config);
        MixChannel channel = manager.open(key, CREATE, READ, WRITE)) {
      // A MixChannel is a java.nio.channels.FileChannel: use it like one.
      channel.write(UTF_8.encode("first record\n"));
      channel.write(UTF_8.encode("second record\n"));
      channel.force(true);
      out.printf(
          "wrote %d bytes to %s on tier %s (%s)%n",
          channel.size(), key, channel.tierName(), channel.tierKind());

      ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
      channel.read(buffer, 0);
      out.print("read back: " + UTF_8.decode(buffer.flip()));

      // Normally the background policy moves sealed channels; an operator can move one by hand.
      manager.migrate(key, "disk");
      out.printf(
          "moved to tier %s; the open channel still works: size=%d%n",
          channel.tierName(), channel.size());
      channel.write(UTF_8.encode("third record, written on disk\n"));
      out.println("stats: " + manager.stats());
    }
  }
}
