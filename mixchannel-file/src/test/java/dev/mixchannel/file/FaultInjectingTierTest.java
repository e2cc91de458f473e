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
package dev.mixchannel.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.testkit.tier.FaultInjectingTier;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Call;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Phase;
import dev.mixchannel.testkit.tier.InjectedFaultException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FaultInjectingTier}'s own rules, over a {@link FileTier}: which calls count, key filters,
 * skips and repeats, the channel handed out, and arming from many threads. The StorageTier contract
 * with faults before and after each call runs in {@link FaultInjectingStorageTierContractTest}.
 */
class FaultInjectingTierTest {

  @TempDir Path dir;
  private FaultInjectingTier tier;

  @BeforeEach
  void openTier() throws IOException {
    tier = new FaultInjectingTier(FileTier.open(TierTestSupport.config(64L << 20, dir)));
  }

  @AfterEach
  void closeTier() throws IOException {
    tier.close();
  }

  /** A migration of {@code key} onto this tier as tiering does it, then a rename and a delete. */
  private void migrate(String key) throws IOException {
    try (FileChannel channel = tier.createIncomplete(key, SizeHint.of(10))) {
      channel.write(ByteBuffer.wrap(new byte[10]));
      channel.force(true);
    }
    tier.publish(key);
    tier.rename(key, key + "-renamed");
    tier.delete(key + "-renamed");
  }

  @Test
  void shouldFailEveryStateChangingCallOfScenarioInTurnWhenIteratedOverCounts() throws IOException {
    migrate("dry-run");
    Map<Call, Long> counts = new EnumMap<>(Call.class);
    for (Call call : Call.values()) {
      counts.put(call, tier.calls(call));
    }
    assertThat(counts)
        .containsEntry(Call.CREATE_INCOMPLETE, 1L)
        .containsEntry(Call.FORCE, 1L)
        .containsEntry(Call.PUBLISH, 1L)
        .containsEntry(Call.RENAME, 1L)
        .containsEntry(Call.DELETE, 1L);
    int run = 0;
    List<String> failed = new ArrayList<>();
    for (Map.Entry<Call, Long> entry : counts.entrySet()) {
      for (long nth = 0; nth < entry.getValue(); nth++) {
        for (Phase phase : Phase.values()) {
          String key = "run-" + run++;
          tier.arm(entry.getKey(), phase, null, nth, 1);
          assertThatThrownBy(() -> migrate(key))
              .isInstanceOfSatisfying(
                  InjectedFaultException.class,
                  e -> failed.add(e.call() + "/" + e.phase() + "/" + e.key()));
          assertThat(tier.isArmed()).isFalse();
        }
      }
    }
    assertThat(failed)
        .containsExactly(
            "CREATE_INCOMPLETE/BEFORE/run-0",
            "CREATE_INCOMPLETE/AFTER/run-1",
            "PUBLISH/BEFORE/run-2",
            "PUBLISH/AFTER/run-3",
            "RENAME/BEFORE/run-4",
            "RENAME/AFTER/run-5",
            "DELETE/BEFORE/run-6-renamed",
            "DELETE/AFTER/run-7-renamed",
            "FORCE/BEFORE/run-8",
            "FORCE/AFTER/run-9");
  }

  @Test
  void shouldFailOnlyMatchingKeyWhenArmedForKey() throws IOException {
    tier.arm(Call.DELETE, Phase.AFTER, "b");
    tier.open("a", TierTestSupport.CREATE_RW).close();
    tier.open("b", TierTestSupport.CREATE_RW).close();
    assertThat(tier.delete("a")).isTrue();
    assertThatThrownBy(() -> tier.delete("b"))
        .isInstanceOf(InjectedFaultException.class)
        .hasMessage("injected failure after the effect: call=DELETE, key=b (tier t1)");
    assertThat(tier.exists("b")).isFalse();
    assertThat(tier.delete("b")).isFalse();
    assertThat(tier.calls(Call.DELETE)).isEqualTo(3);
    assertThat(tier.injected(Call.DELETE)).isEqualTo(1);
  }

  @Test
  void shouldSkipThenFailTimesThenPassWhenArmedSo() throws IOException {
    tier.arm(Call.CREATE, Phase.BEFORE, null, 2, 3);
    List<Boolean> failed = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      try {
        tier.open("k" + i, TierTestSupport.CREATE_RW).close();
        failed.add(false);
      } catch (InjectedFaultException e) {
        assertThat(e.getMessage()).startsWith("injected failure before the call: call=CREATE");
        failed.add(true);
      }
    }
    assertThat(failed).containsExactly(false, false, true, true, true, false, false);
    assertThat(tier.keys()).containsExactlyInAnyOrder("k0", "k1", "k5", "k6");
  }

  @Test
  void shouldCountCreateOnlyWhenOpenCreatesKey() throws IOException {
    tier.arm(Call.CREATE, Phase.BEFORE);
    tier.delegate().open("existing", TierTestSupport.CREATE_RW).close();
    tier.open("existing", TierTestSupport.CREATE_RW).close();
    tier.open("existing", TierTestSupport.RW).close();
    assertThat(tier.calls(Call.CREATE)).isZero();
    assertThat(tier.isArmed()).isTrue();
    assertThatThrownBy(() -> tier.open("new", TierTestSupport.CREATE_RW))
        .isInstanceOf(InjectedFaultException.class);
    assertThat(tier.exists("new")).isFalse();
  }

  @Test
  void shouldCloseNewChannelWhenCreateFailsAfterEffect() throws IOException {
    tier.arm(Call.CREATE_INCOMPLETE, Phase.AFTER);
    assertThatThrownBy(() -> tier.createIncomplete("a", SizeHint.NONE))
        .isInstanceOf(InjectedFaultException.class);
    assertThat(tier.incompleteKeys()).containsExactly("a");
    assertThat(tier.discardIncomplete("a")).isTrue();
  }

  @Test
  void shouldRejectChannelOfWrappedTierWhenReopening() throws IOException {
    try (FileChannel raw = tier.delegate().open("a", TierTestSupport.CREATE_RW)) {
      assertThatThrownBy(() -> tier.reopen(raw)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void shouldInjectExactlyTimesWhenManyThreadsCall() throws Exception {
    int threads = 4;
    int callsPerThread = 50;
    tier.arm(Call.DELETE, Phase.BEFORE, null, 10, 25);
    AtomicInteger injected = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < callsPerThread; i++) {
                    try {
                      tier.delete("missing-" + thread + "-" + i);
                    } catch (InjectedFaultException e) {
                      injected.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> future : done) {
        future.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(injected.get()).isEqualTo(25);
    assertThat(tier.injected(Call.DELETE)).isEqualTo(25);
    assertThat(tier.calls(Call.DELETE)).isEqualTo((long) threads * callsPerThread);
  }

  @Test
  void shouldRejectBadArmingWhenSkipNegativeOrTimesZero() {
    assertThatThrownBy(() -> tier.arm(Call.PUBLISH, Phase.AFTER, null, -1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> tier.arm(Call.PUBLISH, Phase.AFTER, null, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(tier.isArmed()).isFalse();
  }

  @Test
  void shouldPassEveryCallWhenDisarmed() throws IOException {
    tier.arm(Call.PUBLISH, Phase.BEFORE);
    tier.disarm();
    tier.createIncomplete("a", SizeHint.NONE).close();
    tier.publish("a");
    assertThat(tier.keys()).containsExactly("a");
  }
}
