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
package dev.mixchannel.tiering;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.crash.AckedWrites;
import dev.mixchannel.tiering.internal.MigrationHook;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The child JVM of {@link CrashMatrixTest}: writers append to their own keys and print every
 * acknowledged end offset, while a migrator moves the keys; a hook can pause a migration at one
 * step and print {@code PAUSED}, for the parent to kill the process there.
 *
 * <p>Arguments: root directory, pool directory, mode ({@code DEMOTE}, {@code PROMOTE} or {@code
 * RANDOM}), step name (or {@code NONE}).
 */
public final class CrashChild {
  static final List<String> KEYS = List.of("w0/00000.log", "w1/00000.log");
  static final int RECORD_BYTES = 4096;
  static final int PREFILL_BYTES = (5 << 20) / 2;

  private CrashChild() {}

  static MixChannelConfig config(Path root, Path poolDir) {
    return TestConfigs.pmemThenFiles(poolDir, root, PmemBackend.AUTO, 64L << 20, -1).build();
  }

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    Path poolDir = Path.of(args[1]);
    String mode = args[2];
    String step = args[3];
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    String target = mode.equals("PROMOTE") ? "pmem" : "t0";
    CountDownLatch forever = new CountDownLatch(1);
    MigrationHook hook =
        (s, key, from, to) -> {
          if (s.name().equals(step) && to.equals(target) && !mode.equals("RANDOM")) {
            out.println("PAUSED " + s + " " + key);
            try {
              forever.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        };
    TierManager manager =
        TierManager.builder(config(root, poolDir)).startMigrator(false).hook(hook).build();
    long[] ends = new long[KEYS.size()];
    MixChannel[] channels = new MixChannel[KEYS.size()];
    for (int i = 0; i < KEYS.size(); i++) {
      channels[i] = manager.open(KEYS.get(i), CREATE, APPEND);
      ends[i] = AckedWrites.append(channels[i], KEYS.get(i), 0, PREFILL_BYTES, out);
    }
    if (!mode.equals("DEMOTE")) {
      for (String key : KEYS) {
        manager.migrate(key, "t0");
      }
    }
    out.println("READY");
    AckedWrites.startWriters(channels, KEYS, ends, RECORD_BYTES, out);
    Thread migrator =
        new Thread(
            () -> {
              try {
                if (mode.equals("RANDOM")) {
                  while (true) {
                    for (String key : KEYS) {
                      manager.migrate(key, manager.tierOf(key).equals("t0") ? "pmem" : "t0");
                    }
                  }
                }
                manager.migrate(KEYS.get(0), target);
                out.println("NOT-PAUSED");
              } catch (Exception e) {
                out.println("MIGRATOR-FAILED " + e);
              }
            },
            "migrator");
    migrator.start();
    forever.await();
  }
}
