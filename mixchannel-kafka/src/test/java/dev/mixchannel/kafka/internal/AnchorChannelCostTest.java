package dev.mixchannel.kafka.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures what the anchor wrapper adds to a 1 KiB append (a delegation and a clock read per write,
 * a touch of the anchor at most once a second). Runs with {@code -Dmixchannel.kafka.bench=true};
 * prints the figures and asserts no timing.
 */
class AnchorChannelCostTest {

  private static final int WRITES = 100_000;
  private static final int ROUNDS = 5;

  @TempDir Path temp;

  @Test
  void shouldMeasureWrapperCostWhenAppendingKibibytes() throws IOException {
    assumeTrue(Boolean.getBoolean("mixchannel.kafka.bench"), "-Dmixchannel.kafka.bench=true");
    Path shm = Path.of("/dev/shm");
    Path pmem =
        Files.isWritable(shm)
            ? Files.createTempDirectory(shm, "mixchannel-cost")
            : Files.createDirectories(temp.resolve("pmem"));
    try (StoreFixture fx = new StoreFixture(temp, pmem)) {
      Files.createDirectories(fx.logDir.resolve("t-0"));
      long bare = Long.MAX_VALUE;
      long wrapped = Long.MAX_VALUE;
      for (int round = 0; round < ROUNDS; round++) {
        try (FileChannel channel =
            fx.manager()
                .open(
                    "bare-" + round,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.READ)) {
          bare = Math.min(bare, appendNanos(channel));
        }
        fx.manager().delete("bare-" + round);
        String name = String.format(Locale.ROOT, "%020d.log", round);
        try (FileChannel channel = fx.store.open(fx.segment("t-0", name), true, 0).orElseThrow()) {
          fx.clockMillis.set(System.currentTimeMillis());
          wrapped = Math.min(wrapped, appendNanos(channel));
        }
        fx.manager().delete(fx.segment("t-0", name).key());
      }
      System.out.printf(
          Locale.ROOT,
          "1 KiB appends on the PMem tier: MixChannel %.0f ns, AnchorChannel(MixChannel) %.0f ns, +%.1f%%%n",
          bare / (double) WRITES,
          wrapped / (double) WRITES,
          100.0 * (wrapped - bare) / bare);
      assertThat(bare).isPositive();
    } finally {
      try (var files = Files.list(pmem)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(pmem);
    }
  }

  private static long appendNanos(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocateDirect(1024);
    long start = System.nanoTime();
    for (int i = 0; i < WRITES; i++) {
      buffer.clear();
      channel.write(buffer);
    }
    return System.nanoTime() - start;
  }
}
