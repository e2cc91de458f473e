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
package dev.mixchannel.testkit.tier;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.channel.ContractSupport;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Call;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Phase;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults injected into every state-changing call of the tier under test, through a {@link
 * FaultInjectingTier} around it: failed {@linkplain Phase#BEFORE before} the real call, the tier's
 * queries report the state as it was; failed {@linkplain Phase#AFTER after} it, they report the
 * call's effect. Either way the tier, closed and reopened from disk, reports the same state again:
 * a caller that asks the tier after a failure learns the truth, also after a restart.
 */
abstract class TierFaultContract extends TierContractBase {

  @Test
  void shouldBehaveAsWrappedTierAndCountCallsWhenNothingArmed() throws IOException {
    FaultInjectingTier faulty = new FaultInjectingTier(tier);
    byte[] content = bytes(1000, 1);
    try (FileChannel channel = faulty.open(KEY, options(CREATE_NEW, READ, WRITE))) {
      write(channel, content, 0);
      channel.force(true);
    }
    try (FileChannel existing = faulty.open(KEY, options(CREATE, READ))) {
      assertThat(contents(existing)).isEqualTo(content);
    }
    try (FileChannel incomplete = faulty.createIncomplete(OTHER, SizeHint.of(10))) {
      write(incomplete, bytes(10, 2), 0);
      incomplete.force(false);
    }
    faulty.publish(OTHER);
    faulty.rename(OTHER, TOP);
    assertThat(faulty.delete(KEY)).isTrue();
    faulty.createIncomplete(KEY, SizeHint.NONE).close();
    assertThat(faulty.discardIncomplete(KEY)).isTrue();
    Map<Call, Long> expected = new EnumMap<>(Call.class);
    expected.putAll(
        Map.of(
            Call.CREATE, 1L,
            Call.CREATE_INCOMPLETE, 2L,
            Call.PUBLISH, 1L,
            Call.RENAME, 1L,
            Call.DELETE, 1L,
            Call.DISCARD_INCOMPLETE, 1L,
            Call.REOPEN, 0L,
            Call.FORCE, 2L));
    for (Call call : Call.values()) {
      assertThat(faulty.calls(call)).as("calls of %s", call).isEqualTo(expected.get(call));
      assertThat(faulty.injected(call)).as("faults of %s", call).isZero();
    }
    assertThat(faulty.keys()).containsExactly(TOP);
    assertThat(read(TOP)).isEqualTo(bytes(10, 2));
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldReportCreatedKeyOnlyAfterEffectWhenCreateFails(Phase phase) throws IOException {
    put(KEY, bytes(100, 3));
    checkFault(
        Call.CREATE,
        phase,
        faulty -> faulty.open(OTHER, options(CREATE_NEW, READ, WRITE, SizeHint.preallocate(100))),
        before -> before.withKey(OTHER, new byte[100]));
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldReportIncompleteKeyOnlyAfterEffectWhenCreateIncompleteFails(Phase phase)
      throws IOException {
    put(KEY, bytes(100, 4));
    checkFault(
        Call.CREATE_INCOMPLETE,
        phase,
        faulty -> faulty.createIncomplete(OTHER, SizeHint.of(100)),
        before -> before.withIncomplete(OTHER));
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldReportPublishedKeyOnlyAfterEffectWhenPublishFails(Phase phase) throws IOException {
    byte[] content = bytes(5000, 5);
    put(KEY, bytes(100, 6));
    createIncomplete(OTHER, content).close();
    checkFault(
        Call.PUBLISH,
        phase,
        faulty -> faulty.publish(OTHER),
        before -> before.withoutIncomplete(OTHER).withKey(OTHER, content));
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldReportRenameOnlyAfterEffectWhenRenameOverKeyFails(Phase phase) throws IOException {
    put(KEY, bytes(300, 7));
    put(OTHER, bytes(200, 8));
    checkRenameFault(phase, OTHER);
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldReportRenameOnlyAfterEffectWhenRenameToNewKeyFails(Phase phase) throws IOException {
    put(KEY, bytes(300, 9));
    checkRenameFault(phase, "new/dir/" + TOP);
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldReportDeleteOnlyAfterEffectWhenDeleteFails(Phase phase) throws IOException {
    put(KEY, bytes(300, 10));
    put(OTHER, bytes(30, 11));
    checkFault(Call.DELETE, phase, faulty -> faulty.delete(KEY), before -> before.withoutKey(KEY));
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldReportDiscardOnlyAfterEffectWhenDiscardFails(Phase phase) throws IOException {
    put(KEY, bytes(300, 12));
    createIncomplete(OTHER, bytes(30, 13)).close();
    checkFault(
        Call.DISCARD_INCOMPLETE,
        phase,
        faulty -> faulty.discardIncomplete(OTHER),
        before -> before.withoutIncomplete(OTHER));
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldKeepStateAndChannelWhenReopenFails(Phase phase) throws IOException {
    assumeCapability(TierCapability.REOPEN);
    byte[] content = bytes(300, 14);
    put(KEY, content);
    TierContents before = snapshot();
    FaultInjectingTier faulty = new FaultInjectingTier(tier);
    FileChannel channel = faulty.open(KEY, options(READ, WRITE));
    assertFailed(faulty, Call.REOPEN, phase, () -> faulty.reopen(channel));
    assertThat(contents(channel)).isEqualTo(content);
    assertStateAndRestart(faulty, phase, before, before);
  }

  @ParameterizedTest
  @EnumSource(Phase.class)
  void shouldKeepWrittenBytesAndChannelWhenForceFails(Phase phase) throws IOException {
    byte[] content = bytes(300, 15);
    byte[] more = bytes(100, 16);
    byte[] last = bytes(10, 17);
    put(KEY, content);
    TierContents before = snapshot();
    FaultInjectingTier faulty = new FaultInjectingTier(tier);
    FileChannel channel = faulty.open(KEY, options(READ, WRITE));
    write(channel, more, 300);
    TierContents written = before.withKey(KEY, ContractSupport.concat(content, more));
    assertFailed(faulty, Call.FORCE, phase, () -> channel.force(true));
    assertThat(channel.isOpen()).isTrue();
    write(channel, last, 400);
    channel.force(true);
    TierContents expected = written.withKey(KEY, ContractSupport.concat(content, more, last));
    assertStateAndRestart(faulty, phase, expected, expected);
  }

  /** A call of the tier through its fault-injecting wrapper. */
  @FunctionalInterface
  private interface FaultyCall {
    void call(FaultInjectingTier faulty) throws Exception;
  }

  /**
   * Fails {@code action}'s call at {@code phase} and checks the state before and after a restart:
   * as it was, or as {@code effect} changes it.
   */
  private void checkFault(
      Call call, Phase phase, FaultyCall action, UnaryOperator<TierContents> effect)
      throws IOException {
    TierContents before = snapshot();
    FaultInjectingTier faulty = new FaultInjectingTier(tier);
    assertFailed(faulty, call, phase, () -> action.call(faulty));
    assertStateAndRestart(faulty, phase, before, effect.apply(before));
  }

  /** Fails the rename of {@link #KEY} to {@code to} at {@code phase}, as {@link #checkFault}. */
  private void checkRenameFault(Phase phase, String to) throws IOException {
    checkFault(
        Call.RENAME, phase, faulty -> faulty.rename(KEY, to), before -> before.withRename(KEY, to));
  }

  /** Arms one fault, makes the call and checks that exactly that fault failed it. */
  private static void assertFailed(
      FaultInjectingTier faulty, Call call, Phase phase, ThrowingCallable action) {
    faulty.arm(call, phase);
    Throwable thrown = catchThrowable(action);
    assertThat(thrown)
        .as("failure of %s %s", call, phase)
        .isInstanceOf(InjectedFaultException.class);
    InjectedFaultException fault = (InjectedFaultException) thrown;
    assertThat(fault.call()).isEqualTo(call);
    assertThat(fault.phase()).isEqualTo(phase);
    assertThat(fault.getMessage())
        .contains(phase == Phase.AFTER ? "after the effect" : "before the call")
        .contains("call=" + call);
    assertThat(faulty.injected(call)).isEqualTo(1);
    assertThat(faulty.isArmed()).isFalse();
  }

  /**
   * Checks that the tier reports {@code before} (fault before the call) or {@code effect} (fault
   * after it), then closes it, reopens it from disk and checks the same state again.
   */
  private void assertStateAndRestart(
      FaultInjectingTier faulty, Phase phase, TierContents before, TierContents effect)
      throws IOException {
    TierContents expected = phase == Phase.BEFORE ? before : effect;
    assertThat(TierContents.of(faulty))
        .as("state after a fault %s the call", phase)
        .isEqualTo(expected);
    StorageTier closing = tier;
    tier = null;
    faulty.close();
    assertThat(closing).isSameAs(faulty.delegate());
    tier = suite().openTier(dir);
    assertThat(snapshot())
        .as("state after a fault %s the call and a restart", phase)
        .isEqualTo(expected);
  }
}
