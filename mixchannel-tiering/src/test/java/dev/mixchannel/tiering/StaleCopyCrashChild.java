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
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.crash.AckedWrites;
import dev.mixchannel.testkit.tier.FaultInjectingTier;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Call;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Phase;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The child JVM of {@link StaleCopyCrashTest}: leaves a stale copy of two keys on the file tier (a
 * migration whose source delete and roll-back delete both fail), renames one away and deletes the
 * other, appends to the renamed key (acknowledging its bytes under the old name's pattern), prints
 * {@code READY} and waits to be killed.
 *
 * <p>Arguments: root directory, pool directory.
 */
public final class StaleCopyCrashChild {
  static final String RENAMED = "k";
  static final String NEW_NAME = "k2";
  static final String DELETED = "d";
  static final int BYTES = 200 << 10;

  private StaleCopyCrashChild() {}

  static MixChannelConfig config(Path root, Path poolDir) {
    return TestConfigs.pmemThenFiles(poolDir, root, PmemBackend.JDK, 16L << 20, -1).build();
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    Map<String, FaultInjectingTier> faults = new HashMap<>();
    TierManager manager =
        TierManager.builder(config(Path.of(args[0]), Path.of(args[1])))
            .startMigrator(false)
            .tierWrapper(
                t -> {
                  FaultInjectingTier f = new FaultInjectingTier(t);
                  faults.put(t.name(), f);
                  return f;
                })
            .build();
    long end = 0;
    for (String key : new String[] {RENAMED, DELETED}) {
      try (MixChannel ch = manager.open(key, CREATE_NEW, WRITE, APPEND)) {
        end = AckedWrites.append(ch, key, 0, BYTES, out);
        ch.force(true);
      }
      faults.get("pmem").arm(Call.DELETE, Phase.BEFORE, key);
      faults.get("t0").arm(Call.DELETE, Phase.BEFORE, key);
      try {
        manager.migrate(key, "t0");
        out.println("STALE-COPY-FAILED: the migration of " + key + " succeeded");
      } catch (IOException expected) {
        // Source and roll-back deletes failed: the copy on t0 is recorded as stale.
      }
    }
    manager.rename(RENAMED, NEW_NAME);
    manager.delete(DELETED);
    try (MixChannel ch = manager.open(NEW_NAME, WRITE, APPEND)) {
      AckedWrites.append(ch, RENAMED, end, 64 << 10, out);
      ch.force(true);
    }
    out.println("READY");
    new CountDownLatch(1).await();
  }
}
