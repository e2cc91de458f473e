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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.DivergentCopiesException;
import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, item 3: recovery never deletes a copy that differs. A key complete on two tiers keeps
 * only its faster copy when the two are byte for byte the same; otherwise both are kept, the key is
 * refused with an error naming it, both tiers, how they differ and the command that resolves it,
 * the other keys are served, and {@link TierManager#resolveDivergent} keeps the chosen copy. Before
 * the fix recovery deleted the slower copy whatever it held.
 */
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key complete on two tiers, identical copies")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key refused, its complete copies on two tiers differ")
class DivergentCopiesTest {
  private static final int KIB = 1 << 10;
  private static final String SAME_SIZE = "topic-0/00000000000000000000.log";
  private static final String LONGER = "topic-0/00000000000000002048.log";
  private static final String IDENTICAL = "topic-1/00000000000000000000.log";
  private static final String ONLY_FAST = "topic-2/00000000000000000000.log";
  private static final String ONLY_SLOW = "topic-3/00000000000000000000.log";

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  private TierManager manager;

  @AfterEach
  void close() throws IOException {
    try {
      if (manager != null) {
        manager.close();
      }
    } finally {
      shm.close();
    }
  }

  private MixChannelConfig config() {
    return TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, 16L << 20, -1)
        .build();
  }

  private TierManager openManager() throws IOException {
    manager = TierManager.builder(config()).startMigrator(false).build();
    return manager;
  }

  /**
   * Plants what a host system without its adapter leaves: a PMem copy and a file copy of one key
   * that differ (same size, one byte past the first 64 KiB chunk; and a longer file copy whose
   * first bytes are the PMem copy's), identical copies of another, and keys on one tier only.
   */
  private void plant() throws IOException {
    byte[] base = Bytes.random(1, 200 * KIB);
    byte[] changed = base.clone();
    changed[100_000] ^= 0x5a;
    byte[] longer = Arrays.copyOf(base, 300 * KIB);
    System.arraycopy(Bytes.random(2, 100 * KIB), 0, longer, 200 * KIB, 100 * KIB);
    MixChannelConfig config = config();
    try (StorageTier pmem = PmemTier.open(config.tier("pmem"), config)) {
      write(pmem, SAME_SIZE, base);
      write(pmem, LONGER, base);
      write(pmem, IDENTICAL, base);
      write(pmem, ONLY_FAST, Bytes.random(3, 10 * KIB));
    }
    writeFile(SAME_SIZE, changed);
    writeFile(LONGER, longer);
    writeFile(IDENTICAL, base);
    writeFile(ONLY_SLOW, Bytes.random(4, 10 * KIB));
  }

  private static void write(StorageTier tier, String key, byte[] bytes) throws IOException {
    try (FileChannel ch = tier.open(key, Set.of(CREATE_NEW, WRITE))) {
      Bytes.writeFully(ch, bytes, 0);
      ch.force(true);
    }
  }

  private void writeFile(String key, byte[] bytes) throws IOException {
    Path file = dir.resolve("t0").resolve(key);
    Files.createDirectories(file.getParent());
    Files.write(file, bytes);
  }

  @Test
  void shouldKeepBothCopiesAndRefuseTheKeyWhenTheCopiesDiffer() throws IOException {
    plant();
    TierManager m = openManager();

    assertThat(m.divergentKeys()).containsExactly(SAME_SIZE, LONGER);
    DivergentCopiesException e = refusal(() -> m.open(SAME_SIZE, READ));
    assertThat(e.key()).isEqualTo(SAME_SIZE);
    assertThat(e.fasterTier()).isEqualTo("pmem");
    assertThat(e.slowerTier()).isEqualTo("t0");
    assertThat(e.resolution()).contains("resolve").contains("--keep").contains(SAME_SIZE);
    assertThat(e.getMessage())
        .contains("key=" + SAME_SIZE)
        .contains("fasterSizeBytes=204800")
        .contains("slowerSizeBytes=204800")
        .contains("firstDifferenceOffset=100000")
        .contains(e.resolution());
    assertThat(refusal(() -> m.open(LONGER, READ)).getMessage())
        .contains("fasterSizeBytes=204800, slowerTier=t0, slowerSizeBytes=307200")
        .contains("firstDifferenceOffset=204800");

    // Every operation on the key is refused, none changes it.
    refusal(() -> m.open(SAME_SIZE, CREATE, WRITE));
    refusal(() -> m.delete(SAME_SIZE));
    refusal(() -> m.rename(SAME_SIZE, "elsewhere"));
    refusal(() -> m.rename(ONLY_FAST, SAME_SIZE));
    refusal(() -> m.migrate(SAME_SIZE, "t0"));
    refusal(() -> m.hold(SAME_SIZE, "pmem"));
    refusal(() -> m.adopt(SAME_SIZE));
    uncheckedRefusal(() -> m.exists(SAME_SIZE));
    uncheckedRefusal(() -> m.tierOf(SAME_SIZE));
    uncheckedRefusal(() -> m.seal(SAME_SIZE));
    // The listing serves the other keys and leaves the refused ones to divergentKeys().
    assertThat(m.keys())
        .contains(IDENTICAL, ONLY_FAST, ONLY_SLOW)
        .doesNotContain(SAME_SIZE, LONGER);
    TierManagerHooks.doWork(m);

    // The other keys are served; identical copies kept only the faster one.
    assertThat(m.tierOf(IDENTICAL)).isEqualTo("pmem");
    assertThat(m.tierOf(ONLY_FAST)).isEqualTo("pmem");
    assertThat(m.tierOf(ONLY_SLOW)).isEqualTo("t0");
    assertThat(Files.exists(dir.resolve("t0").resolve(IDENTICAL))).isFalse();
    try (MixChannel ch = m.open(IDENTICAL, READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(Bytes.random(1, 200 * KIB));
    }
    m.rename(ONLY_FAST, "topic-2/renamed.log");
    assertThat(m.delete("topic-2/renamed.log")).isTrue();

    // Both copies survive a restart, and the key is refused again.
    m.close();
    TierManager again = openManager();
    assertThat(again.divergentKeys()).containsExactly(SAME_SIZE, LONGER);
    assertThat(Files.size(dir.resolve("t0").resolve(SAME_SIZE))).isEqualTo(200 * KIB);
    assertThat(Files.size(dir.resolve("t0").resolve(LONGER))).isEqualTo(300 * KIB);
    refusal(() -> again.open(LONGER, READ));
  }

  @Test
  void shouldServeTheKeptCopyWhenADivergentKeyIsResolved() throws IOException {
    plant();
    TierManager m = openManager();
    byte[] slowBytes = Files.readAllBytes(dir.resolve("t0").resolve(SAME_SIZE));

    assertThat(m.resolveDivergent(SAME_SIZE, "t0")).containsExactly("pmem");
    assertThat(m.resolveDivergent(LONGER, "pmem")).containsExactly("t0");

    assertThat(m.divergentKeys()).isEmpty();
    assertThat(m.keys()).contains(SAME_SIZE, LONGER);
    assertThat(m.tierOf(SAME_SIZE)).isEqualTo("t0");
    try (MixChannel ch = m.open(SAME_SIZE, READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(slowBytes);
    }
    assertThat(Files.exists(dir.resolve("t0").resolve(LONGER))).isFalse();
    assertThat(m.resolveDivergent(SAME_SIZE, "t0")).isEmpty();
    assertThatThrownBy(() -> m.resolveDivergent(LONGER, "t0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no divergent copies to resolve");
    m.migrate(SAME_SIZE, "pmem");

    m.close();
    TierManager again = openManager();
    assertThat(again.divergentKeys()).isEmpty();
    try (MixChannel ch = again.open(SAME_SIZE, READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(slowBytes);
    }
    assertThat(again.tierOf(LONGER)).isEqualTo("pmem");
  }

  @Test
  void shouldRefuseToKeepATierWithoutACopy() throws IOException {
    Files.createDirectories(dir.resolve("t0"));
    Files.createDirectories(dir.resolve("t1"));
    Files.writeString(dir.resolve("t0/k"), "fast copy");
    Files.writeString(dir.resolve("t1/k"), "slow copy");
    manager =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1, -1).build())
            .startMigrator(false)
            .build();
    assertThat(manager.divergentKeys()).containsExactly("k");
    assertThatThrownBy(() -> manager.resolveDivergent("k", "t2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no complete copy to keep");
    assertThatThrownBy(() -> manager.resolveDivergent("k", "tape"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(manager.divergentKeys()).containsExactly("k");
    assertThat(Files.readString(dir.resolve("t0/k"))).isEqualTo("fast copy");
    assertThat(Files.readString(dir.resolve("t1/k"))).isEqualTo("slow copy");
  }

  @Test
  void shouldRefuseAKeyWhoseAdoptedCopiesDiffer() throws IOException {
    Files.createDirectories(dir.resolve("t0"));
    Files.createDirectories(dir.resolve("t1"));
    Files.writeString(dir.resolve("t0/late"), "appeared here");
    Files.writeString(dir.resolve("t1/late"), "and here too");
    AtomicBoolean hidden = new AtomicBoolean(true);
    TierManager m =
        manager =
            TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
                .startMigrator(false)
                .tierWrapper(t -> new HidingTier(t, "late", hidden))
                .build();
    assertThat(m.keys()).isEmpty();
    hidden.set(false); // a directory that was offline came back
    DivergentCopiesException e = refusal(() -> m.adopt("late"));
    assertThat(e.getMessage()).contains("fasterSizeBytes=13").contains("slowerSizeBytes=12");
    assertThat(m.divergentKeys()).containsExactly("late");
    refusal(() -> m.open("late", CREATE, WRITE));
    assertThat(Files.readString(dir.resolve("t0/late"))).isEqualTo("appeared here");
    assertThat(Files.readString(dir.resolve("t1/late"))).isEqualTo("and here too");
  }

  /** A tier that does not show one key while {@code hidden} is set (its directory offline). */
  private static final class HidingTier extends ForwardingStorageTier {
    private final String key;
    private final AtomicBoolean hidden;

    HidingTier(StorageTier delegate, String key, AtomicBoolean hidden) {
      super(delegate);
      this.key = key;
      this.hidden = hidden;
    }

    @Override
    public boolean exists(String k) throws IOException {
      return !(hidden.get() && k.equals(key)) && super.exists(k);
    }

    @Override
    public List<String> keys() throws IOException {
      List<String> all = new ArrayList<>(super.keys());
      if (hidden.get()) {
        all.remove(key);
      }
      return all;
    }
  }

  private static DivergentCopiesException refusal(ThrowingCallable call) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(call);
    assertThat(t).isInstanceOf(DivergentCopiesException.class);
    return (DivergentCopiesException) t;
  }

  private static void uncheckedRefusal(ThrowingCallable call) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(call);
    assertThat(t).isInstanceOf(UncheckedIOException.class);
    assertThat(t.getCause()).isInstanceOf(DivergentCopiesException.class);
  }
}
