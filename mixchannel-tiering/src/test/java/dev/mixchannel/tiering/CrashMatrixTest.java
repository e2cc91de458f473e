package dev.mixchannel.tiering;

import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.pmem.PoolReport;
import dev.mixchannel.testkit.ExpectedLog;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * kill -9 at every named step of the migration protocol (demotion and promotion, several runs each)
 * and at random moments: after reopening, every acknowledged byte is there, each key lives on
 * exactly one tier, each tier's usage is the sum of its keys and no PMem extent is leaked. Runs per
 * step: {@code -Dmixchannel.crash.runs} (default 2); random kills: {@code
 * -Dmixchannel.crash.random} (default 6).
 */
@Tag("slow")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key complete on two tiers",
    reason = "a kill after the copy is durable leaves both copies; recovery keeps the faster")
class CrashMatrixTest {
  private static final int RUNS = Integer.getInteger("mixchannel.crash.runs", 2);
  private static final int RANDOM_RUNS = Integer.getInteger("mixchannel.crash.random", 6);
  private static final long WAIT_SECONDS = 60;

  @TempDir Path dir;

  static Stream<Arguments> stepKills() {
    List<Arguments> cases = new ArrayList<>();
    for (String mode : List.of("DEMOTE", "PROMOTE")) {
      for (MigrationStep step : MigrationStep.values()) {
        for (int run = 0; run < RUNS; run++) {
          cases.add(Arguments.of(mode, step.name(), run));
        }
      }
    }
    return cases.stream();
  }

  static Stream<Arguments> randomKills() {
    Random random = new Random(0x4b111L);
    List<Arguments> cases = new ArrayList<>();
    for (int run = 0; run < RANDOM_RUNS; run++) {
      cases.add(Arguments.of(run, 200 + random.nextInt(1300)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} killed at {1}, run {2}")
  @MethodSource("stepKills")
  void shouldLoseNothingWhenKilledAtAStep(String mode, String step, int run) throws Exception {
    crashAndCheck(mode, step, -1);
  }

  @ParameterizedTest(name = "random kill {0} after {1} ms")
  @MethodSource("randomKills")
  void shouldLoseNothingWhenKilledAtARandomMoment(int run, int delayMillis) throws Exception {
    crashAndCheck("RANDOM", "NONE", delayMillis);
  }

  private void crashAndCheck(String mode, String step, int delayMillis) throws Exception {
    Path root = dir.resolve("root");
    try (ShmDir shm = ShmDir.create(dir)) {
      Path pool = shm.resolve("pool");
      Map<String, Long> acked = runChildUntilKilled(root, pool, mode, step, delayMillis);
      assertThat(acked).containsKeys(CrashChild.KEYS.toArray(new String[0]));
      MixChannelConfig config = CrashChild.config(root, pool);
      try (TierManager manager = TierManager.builder(config).startMigrator(false).build()) {
        assertThat(manager.keys()).containsExactlyInAnyOrderElementsOf(CrashChild.KEYS);
        for (String key : CrashChild.KEYS) {
          assertAckedBytesPresent(manager, key, acked.get(key));
        }
      }
      assertTiersConsistent(config);
    }
  }

  private Map<String, Long> runChildUntilKilled(
      Path root, Path pool, String mode, String step, int delayMillis) throws Exception {
    Path log = dir.resolve("child-" + mode + "-" + step + ".log");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                CrashChild.class.getName(),
                root.toString(),
                pool.toString(),
                mode,
                step)
            .redirectError(log.toFile())
            .start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Map<String, Long> acked = new HashMap<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  if (line.startsWith("ACK ")) {
                    String[] parts = line.split(" ");
                    synchronized (acked) {
                      acked.merge(parts[1], Long.parseLong(parts[2]), Math::max);
                    }
                  } else {
                    lines.add(line);
                  }
                }
              } catch (IOException e) {
                lines.add("READ-FAILED " + e);
              }
              lines.add("EOF");
            },
            "crash-child-reader");
    reader.start();
    try {
      String awaited = delayMillis >= 0 ? "READY" : "PAUSED " + step;
      while (true) {
        String line = lines.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (line == null
            || line.equals("EOF")
            || line.contains("FAILED")
            || line.equals("NOT-PAUSED")) {
          throw new AssertionError(
              "child did not reach "
                  + awaited
                  + ": last line="
                  + line
                  + ", log:\n"
                  + Files.readString(log));
        }
        if (line.startsWith(awaited)) {
          break;
        }
      }
      if (delayMillis > 0) {
        Thread.sleep(delayMillis);
      }
    } finally {
      child.destroyForcibly();
      assertThat(child.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
      reader.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    }
    synchronized (acked) {
      return new HashMap<>(acked);
    }
  }

  private static void assertAckedBytesPresent(TierManager manager, String key, long ackedEnd)
      throws IOException {
    try (MixChannel ch = manager.open(key, READ)) {
      assertThat(ch.size()).as("size of %s", key).isGreaterThanOrEqualTo(ackedEnd);
      ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
      long pos = 0;
      while (pos < ackedEnd) {
        buffer.clear();
        buffer.limit((int) Math.min(buffer.capacity(), ackedEnd - pos));
        int n = ch.read(buffer, pos);
        assertThat(n).isPositive();
        for (int i = 0; i < n; i++) {
          if (buffer.get(i) != CrashChild.byteAt(key, pos + i)) {
            throw new AssertionError(
                "lost byte: key=" + key + ", offset=" + (pos + i) + ", acked=" + ackedEnd);
          }
        }
        pos += n;
      }
    }
  }

  private static void assertTiersConsistent(MixChannelConfig config) throws IOException {
    long extentBytes = config.pmemExtentSizeBytes();
    Set<String> seen = new HashSet<>();
    try (StorageTier pmem = PmemTier.open(config.tier("pmem"), config);
        StorageTier file = FileTier.open(config.tier("t0"))) {
      long pmemExpected = 0;
      for (String key : pmem.keys()) {
        assertThat(seen.add(key)).as("key on two tiers: %s", key).isTrue();
        pmemExpected += (pmem.size(key) + extentBytes - 1) / extentBytes * extentBytes;
      }
      long fileExpected = 0;
      for (String key : file.keys()) {
        assertThat(seen.add(key)).as("key on two tiers: %s", key).isTrue();
        fileExpected += file.size(key);
      }
      assertThat(seen).containsExactlyInAnyOrderElementsOf(CrashChild.KEYS);
      assertThat(pmem.incompleteKeys()).isEmpty();
      assertThat(file.incompleteKeys()).isEmpty();
      assertThat(pmem.usedBytes()).isEqualTo(pmemExpected);
      assertThat(file.usedBytes()).isEqualTo(fileExpected);
    }
    Path poolFile = config.tier("pmem").paths().get(0).resolve("mixchannel.pool");
    PoolReport report = PoolInspector.inspect(poolFile);
    assertThat(report.problems()).isEmpty();
    long owned = 0;
    for (PoolReport.Slot slot : report.slots()) {
      assertThat(slot.state()).isEqualTo("LIVE");
      assertThat((long) slot.extents().size())
          .isEqualTo((slot.sizeBytes() + extentBytes - 1) / extentBytes);
      owned += slot.extents().size();
    }
    assertThat(report.usedExtents()).as("leaked extents").isEqualTo(owned);
  }
}
