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
package dev.mixchannel.kafka.internal;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.testkit.crash.AckedWrites;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import dev.mixchannel.tiering.TierManagerAccess;
import dev.mixchannel.tiering.internal.MigrationHook;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The child JVM of {@link LogDirCrashMatrixTest}: a manager with a PMem tier and the log dir as its
 * last tier ({@link LogDirTier}, as the agent builds it); writers append to two segments and print
 * every acknowledged end offset while a migrator demotes a segment into its file, promotes it out
 * of it, or (mode {@code RANDOM}) moves both back and forth. A hook can pause a migration at one
 * step and print {@code PAUSED}, for the parent to kill the process there.
 *
 * <p>Arguments: root directory (with the log dir prepared by the parent), pool directory, mode
 * ({@code DEMOTE}, {@code PROMOTE} or {@code RANDOM}), step name (or {@code NONE}).
 */
public final class LogDirCrashChild {
  static final String TAG = StoreFixture.TAG;
  static final String PARTITION = "topic-0";
  static final List<String> FILES = List.of("00000000000000000000.log", "00000000000000001000.log");
  static final List<String> KEYS =
      FILES.stream().map(f -> TAG + "/" + PARTITION + "/" + f).toList();
  static final String PMEM = "pmem";
  static final String LOGDIR = AdapterSettings.LOGDIR_TIER;
  static final int RECORD_BYTES = 4096;
  static final int PREFILL_BYTES = (5 << 20) / 2;

  private LogDirCrashChild() {}

  /** The fast tier: a PMem pool in {@code poolDir}, migration by the test only. */
  static MixChannelConfig config(Path poolDir) {
    return MixChannelConfig.builder()
        .migrationThreshold(-1)
        .pmemBackend(PmemBackend.AUTO)
        .pmemPretouch(false)
        .pmemExtentSizeBytes(1L << 20)
        .tier(PMEM, TierKind.PMEM, 64L << 20, poolDir)
        .build();
  }

  /** The log dir under the root. */
  static Path logDir(Path root) {
    return root.resolve("logs").toAbsolutePath().normalize();
  }

  /** Creates the log dir as Kafka formats it: {@code meta.properties} and a partition directory. */
  static void prepare(Path root) throws IOException {
    Path logDir = logDir(root);
    Files.createDirectories(logDir.resolve(PARTITION));
    Files.writeString(
        logDir.resolve(LogDirs.META_PROPERTIES),
        "version=1\nnode.id=1\ncluster.id=c\ndirectory.id=" + TAG + "\n");
  }

  /** The log-dir tier over the log dir, as the agent builds it. */
  static LogDirTier logDirTier(Path root, MixChannelConfig config) {
    return new LogDirTier(LOGDIR, TierKind.HDD, LogDirs.of(List.of(logDir(root)), config));
  }

  /**
   * Runs the child.
   *
   * @param args root, pool directory, mode, step
   * @throws Exception when the set-up fails
   */
  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    Path poolDir = Path.of(args[1]);
    String mode = args[2];
    String step = args[3];
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    String target = mode.equals("PROMOTE") ? PMEM : LOGDIR;
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
    MixChannelConfig config = config(poolDir);
    TierManager.Builder builder =
        TierManager.builder(config).startMigrator(false).tier(logDirTier(root, config));
    TierManager manager = TierManagerAccess.hook(builder, hook).build();
    long[] ends = new long[KEYS.size()];
    MixChannel[] channels = new MixChannel[KEYS.size()];
    for (int i = 0; i < KEYS.size(); i++) {
      // Kafka creates the segment file first; the adapter then opens the key.
      Files.createFile(logDir(root).resolve(PARTITION).resolve(FILES.get(i)));
      channels[i] = manager.open(KEYS.get(i), CREATE, APPEND);
      ends[i] = AckedWrites.append(channels[i], KEYS.get(i), 0, PREFILL_BYTES, out);
    }
    if (!mode.equals("DEMOTE")) {
      for (String key : KEYS) {
        manager.migrate(key, LOGDIR);
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
                      manager.migrate(key, manager.tierOf(key).equals(LOGDIR) ? PMEM : LOGDIR);
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
