package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.MixChannelConfig;
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
import java.util.concurrent.atomic.AtomicLong;

/** A log dir, two file tiers and a store over them, for the adapter's tests. */
final class StoreFixture implements AutoCloseable {

  static final String TAG = "AAAAAAAAAAAAAAAAAAAAAQ";

  final Path root;
  final Path logDir;
  final MixChannelConfig config;
  final AtomicLong clockMillis = new AtomicLong(1_000_000);
  KafkaSegmentStore store;

  StoreFixture(Path root) throws IOException {
    this(root, null);
  }

  /** With a PMem tier first when {@code pmemDir} is given. */
  StoreFixture(Path root, Path pmemDir) throws IOException {
    this.root = root;
    this.logDir = Files.createDirectories(root.resolve("logs"));
    Files.writeString(
        logDir.resolve(LogDirs.META_PROPERTIES),
        "version=1\nnode.id=1\ncluster.id=c\ndirectory.id=" + TAG + "\n");
    MixChannelConfig.Builder builder = MixChannelConfig.builder();
    if (pmemDir != null) {
      builder.tier("pmem", TierKind.PMEM, 512L << 20, pmemDir).pmemExtentSizeBytes(4L << 20);
    }
    this.config =
        builder
            .tier("fast", TierKind.NVME, -1, root.resolve("fast"))
            .tier("slow", TierKind.HDD, -1, root.resolve("slow"))
            .migrationThreshold(-1)
            .build();
    open();
  }

  void open() throws IOException {
    TierManager manager = TierManager.builder(config).startMigrator(false).build();
    store =
        KafkaSegmentStore.open(
            manager, LogDirs.of(List.of(logDir), config), 0, clockMillis::get, false);
  }

  void reopen() throws IOException {
    store.close();
    open();
  }

  TierManager manager() {
    return store.manager();
  }

  SegmentPath segment(String partitionDir, String fileName) {
    return new SegmentPath(logDir.toAbsolutePath().normalize(), TAG, partitionDir, fileName);
  }

  static String key(String partitionDir, String fileName) {
    return TAG + "/" + partitionDir + "/" + fileName;
  }

  /** Writes a key directly (and its partition directory), optionally with an empty anchor. */
  void putKey(String partitionDir, String fileName, String content, boolean anchor)
      throws IOException {
    Files.createDirectories(logDir.resolve(partitionDir));
    if (anchor) {
      Files.write(logDir.resolve(partitionDir).resolve(fileName), new byte[0]);
    }
    try (MixChannel channel =
        manager()
            .open(
                key(partitionDir, fileName),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
      channel.write(ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)));
    }
  }

  /** Creates an empty anchor with no key. */
  void putAnchor(String partitionDir, String fileName) throws IOException {
    Files.createDirectories(logDir.resolve(partitionDir));
    Files.write(logDir.resolve(partitionDir).resolve(fileName), new byte[0]);
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

  @Override
  public void close() throws IOException {
    store.close();
  }
}
