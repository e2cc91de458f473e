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
package dev.mixchannel.tool;

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Storage for the tool's tests: a 16 MiB PMem tier (1 MiB extents) and a disk tier. */
final class ToolFixture {

  final Path pmemDir;
  final Path diskDir;
  final Path configFile;
  final MixChannelConfig config;

  /** Output of the last {@link #tool} run. */
  String out = "";

  /** Errors of the last {@link #tool} run. */
  String err = "";

  ToolFixture(Path root) throws IOException {
    pmemDir = root.resolve("pmem");
    diskDir = root.resolve("disk");
    config =
        MixChannelConfig.builder()
            .tier("pmem", TierKind.PMEM, 16L << 20, pmemDir)
            .tier("disk", TierKind.HDD, -1, diskDir)
            .pmemExtentSizeBytes(1L << 20)
            .pmemPretouch(false)
            .migrationThreshold(-1)
            .build();
    configFile = root.resolve("mixchannel.properties");
    try (Writer w = Files.newBufferedWriter(configFile)) {
      config.toProperties().store(w, "tool test");
    }
  }

  Path poolFile() {
    return pmemDir.resolve(PoolInspector.POOL_FILE_NAME);
  }

  /** Writes keys of a size onto a tier, through a manager that is closed again. */
  void write(String tier, long sizeBytes, String... keys) throws IOException {
    try (TierManager manager = TierManager.builder(config).startMigrator(false).build()) {
      for (String key : keys) {
        try (MixChannel channel = manager.open(key, CREATE_NEW, WRITE)) {
          ByteBuffer chunk = ByteBuffer.allocate(64 << 10);
          long left = sizeBytes;
          while (left > 0) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), left));
            left -= channel.write(chunk);
          }
          channel.force(true);
        }
        if (!manager.tierOf(key).equals(tier)) {
          manager.migrate(key, tier);
        }
      }
    }
  }

  String tierOf(String key) throws IOException {
    try (TierManager manager = TierManager.builder(config).startMigrator(false).build()) {
      return manager.tierOf(key);
    }
  }

  int tool(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int code = MixChannelTool.run(args, new PrintWriter(o), new PrintWriter(e));
    out = o.toString();
    err = e.toString();
    return code;
  }

  static void flipByte(Path file, long offset) throws IOException {
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, offset);
      b.put(0, (byte) (b.get(0) ^ 0xFF)).rewind();
      ch.write(b, offset);
    }
  }
}
