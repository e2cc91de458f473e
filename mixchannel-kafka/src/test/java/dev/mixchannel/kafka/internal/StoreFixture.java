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

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * A log dir (with {@code meta.properties}), a fast tier (a file tier, or a PMem pool under
 * /dev/shm) and a store whose manager has the log dir as its last tier, built as the agent builds
 * them ({@link KafkaTiers}). The clock, Kafka's view of offline log dirs and the excluded topics
 * are the test's.
 */
final class StoreFixture implements AutoCloseable {

  static final String TAG = "AAAAAAAAAAAAAAAAAAAAAQ";
  static final String SECOND_TAG = "AAAAAAAAAAAAAAAAAAAAAg";
  static final String FAST = "fast";
  static final String LOGDIR = AdapterSettings.LOGDIR_TIER;
  static final long RETENTION_MS = 3_600_000;

  final Path root;
  final Path logDir;

  /** A second data log dir (JBOD), {@code null} unless {@link #jbod}. */
  final Path secondLogDir;

  final MixChannelConfig config;
  final AtomicLong clockMillis = new AtomicLong(1_000_000);
  final Set<Path> offline = ConcurrentHashMap.newKeySet();
  final Set<String> excludedTopics = ConcurrentHashMap.newKeySet();
  private final ShmDir shm;
  private final Path fastTierDir;
  private Path lostFastTier;
  LogDirs logDirs;
  KafkaSegmentStore store;

  private StoreFixture(
      Path root,
      boolean pmem,
      String pmemProvider,
      long fastCapacityBytes,
      double threshold,
      boolean jbod)
      throws IOException {
    this.root = root;
    this.logDir = logDir(root.resolve("logs"), TAG);
    this.secondLogDir = jbod ? logDir(root.resolve("logs2"), SECOND_TAG) : null;
    MixChannelConfig.Builder builder = MixChannelConfig.builder().migrationThreshold(threshold);
    if (pmem) {
      this.shm = ShmDir.create(root);
      this.fastTierDir =
          Files.createDirectories(pmemProvider == null ? shm.path() : shm.path().resolve("pool"));
      builder
          .pmemBackend(PmemBackend.AUTO)
          .pmemPretouch(false)
          .pmemExtentSizeBytes(1L << 20)
          .tier(
              new TierConfig(
                  FAST, TierKind.PMEM, List.of(fastTierDir), fastCapacityBytes, pmemProvider));
    } else {
      this.shm = null;
      this.fastTierDir = root.resolve("fast");
      builder.tier(FAST, TierKind.NVME, fastCapacityBytes, fastTierDir);
    }
    this.config = builder.build();
    open();
  }

  private static Path logDir(Path dir, String tag) throws IOException {
    Path logDir = Files.createDirectories(dir).toAbsolutePath().normalize();
    if (!Files.exists(logDir.resolve(LogDirs.META_PROPERTIES))) {
      Files.writeString(
          logDir.resolve(LogDirs.META_PROPERTIES),
          "version=1\nnode.id=1\ncluster.id=c\ndirectory.id=" + tag + "\n");
    }
    return logDir;
  }

  /** A file tier in front of the log dir, migration off. */
  static StoreFixture files(Path root) throws IOException {
    return new StoreFixture(root, false, null, -1, -1, false);
  }

  /** A file tier in front of two log dirs ({@link #secondLogDir}), migration off. */
  static StoreFixture jbod(Path root) throws IOException {
    return new StoreFixture(root, false, null, -1, -1, true);
  }

  /** A PMem tier (on /dev/shm) in front of the log dir, migration off. */
  static StoreFixture pmem(Path root) throws IOException {
    return new StoreFixture(root, true, null, 64L << 20, -1, false);
  }

  /**
   * A PMem tier in front of the log dir that refuses the keys {@link #refuseOnFastTier} lists, as a
   * PMem tier refuses the keys of damaged slots ({@link RefusingPmemTierProvider}).
   */
  static StoreFixture pmemRefusing(Path root) throws IOException {
    return new StoreFixture(root, true, RefusingPmemTierProvider.NAME, 64L << 20, -1, false);
  }

  /** A file tier of the given capacity in front of the log dir; the policy keeps it half full. */
  static StoreFixture withPolicy(Path root, long fastCapacityBytes) throws IOException {
    return new StoreFixture(root, false, null, fastCapacityBytes, 0.5, false);
  }

  /** The directory of the fast tier (the PMem pool's, or the file tier's). */
  Path fastTierDir() {
    return fastTierDir;
  }

  /**
   * Makes the fast tier of {@link #pmemRefusing} refuse a key from its next open on.
   *
   * @param key the key
   */
  void refuseOnFastTier(String key) throws IOException {
    Files.writeString(fastTierDir.resolveSibling(RefusingPmemTierProvider.LIST), key + "\n");
  }

  /**
   * Loses the fast tier as a mount that failed at boot does: the store is closed, the tier's
   * directory moved aside and an empty one put in its place (where the tier creates a new, empty
   * pool when it opens). {@link #restoreFastTier} brings it back.
   */
  void loseFastTier() throws IOException {
    store.close();
    Path dir = fastTierDir();
    lostFastTier = dir.resolveSibling(dir.getFileName() + ".lost");
    Files.move(dir, lostFastTier);
    Files.createDirectories(dir);
  }

  /** Brings the lost fast tier back (the mount repaired), with the store closed. */
  void restoreFastTier() throws IOException {
    store.close();
    ShmDir.deleteTree(fastTierDir());
    Files.move(lostFastTier, fastTierDir());
    lostFastTier = null;
  }

  /**
   * Writes the settings file an operator command reads for the file fixture's layout.
   *
   * @return the file
   */
  Path writeSettings() throws IOException {
    Path file = root.resolve("mixchannel.properties");
    Files.writeString(
        file,
        String.join(
            "\n",
            "log.dirs=" + logDir,
            "mixchannel.tiers=" + FAST,
            "mixchannel.tier." + FAST + ".kind=NVME",
            "mixchannel.tier." + FAST + ".paths=" + root.resolve("fast"),
            "mixchannel.migrate.threshold=-1",
            ""));
    return file;
  }

  /** The settings the agent would read for this layout. */
  AdapterSettings settings() {
    return new AdapterSettings(
        root.resolve("mixchannel.properties"),
        config,
        logDirList(),
        0,
        0,
        RETENTION_MS,
        TierKind.HDD,
        Pattern.compile(""),
        "");
  }

  void open() throws IOException {
    logDirs = LogDirs.of(logDirList(), config);
    store =
        KafkaSegmentStore.open(
            KafkaTiers.open(settings(), logDirs, false),
            logDirs,
            LOGDIR,
            0,
            RETENTION_MS,
            clockMillis::get,
            false,
            offline::contains,
            excludedTopics::contains);
  }

  private List<Path> logDirList() {
    return secondLogDir == null ? List.of(logDir) : List.of(logDir, secondLogDir);
  }

  void reopen() throws IOException {
    store.close();
    open();
  }

  TierManager manager() {
    return store.manager();
  }

  SegmentPath segment(String partitionDir, String fileName) {
    return new SegmentPath(logDir, TAG, partitionDir, fileName);
  }

  Path file(String partitionDir, String fileName) {
    return logDir.resolve(partitionDir).resolve(fileName);
  }

  static String key(String partitionDir, String fileName) {
    return TAG + "/" + partitionDir + "/" + fileName;
  }

  /** A segment on the fast tier: its bytes in a key, an empty placeholder in the log dir. */
  void putHot(String partitionDir, String fileName, String content) throws IOException {
    putPlaceholder(partitionDir, fileName);
    putOrphan(partitionDir, fileName, content);
  }

  /**
   * A key the adapter itself never places on a fast tier (of a log dir it does not know, or no
   * segment key): written by a manager of the fast tiers alone, with the store closed, which then
   * opens again.
   */
  void putForeign(String key) throws IOException {
    store.close();
    try (TierManager plain = TierManager.builder(config).startMigrator(false).build();
        MixChannel channel = plain.open(key, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
    }
    open();
  }

  /** A key on the fast tier with no segment file (its partition directory exists). */
  void putOrphan(String partitionDir, String fileName, String content) throws IOException {
    Files.createDirectories(logDir.resolve(partitionDir));
    String key = key(partitionDir, fileName);
    try (MixChannel channel =
        manager()
            .open(
                key,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
      channel.write(ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)));
    }
    assertThat(manager().tierOf(key)).isEqualTo(FAST);
  }

  /** A segment file with bytes that no tier knows (written by a broker without the agent). */
  void putCold(String partitionDir, String fileName, String content) throws IOException {
    Files.createDirectories(logDir.resolve(partitionDir));
    Files.writeString(file(partitionDir, fileName), content);
  }

  /** An empty segment file with no key. */
  void putPlaceholder(String partitionDir, String fileName) throws IOException {
    Files.createDirectories(logDir.resolve(partitionDir));
    Path file = file(partitionDir, fileName);
    if (!Files.exists(file)) {
      Files.createFile(file);
    }
  }

  String content(String key) throws IOException {
    try (MixChannel channel = manager().open(key, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
      while (buffer.hasRemaining()) {
        if (channel.read(buffer, buffer.position()) < 0) {
          break;
        }
      }
      return new String(buffer.array(), StandardCharsets.UTF_8);
    }
  }

  String fileContent(String partitionDir, String fileName) throws IOException {
    return Files.readString(file(partitionDir, fileName));
  }

  @Override
  public void close() throws IOException {
    try {
      store.close();
    } finally {
      if (lostFastTier != null) {
        ShmDir.deleteTree(lostFastTier);
      }
      if (shm != null) {
        shm.close();
      }
    }
  }
}
