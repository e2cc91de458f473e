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

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.Closeables;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;

/**
 * A {@link StorageTier} that forwards to another and fails the state-changing calls it is armed to
 * fail, either {@linkplain Phase#BEFORE before} the real call (which then never runs) or
 * {@linkplain Phase#AFTER after} it (the real call ran and its effect stands, as when a file tier's
 * rename succeeds and the directory fsync then fails). The failure is an {@link
 * InjectedFaultException} whose message says which. It is how a caller proves that it handles the
 * "Failures after the effect" rule of {@link StorageTier}.
 *
 * <pre>{@code
 * FaultInjectingTier tier = new FaultInjectingTier(FileTier.open(config));
 * tier.arm(FaultInjectingTier.Call.PUBLISH, FaultInjectingTier.Phase.AFTER);
 * tier.publish("a.log");   // publishes, then throws InjectedFaultException
 * }</pre>
 *
 * <p><b>Calls</b> are the {@link Call} values. A fault is armed for one call, optionally one key
 * ({@code from} for a rename; for a force or a reopen, the key the channel was opened or created
 * on), after letting a number of matching calls pass, for a number of calls; {@link #calls(Call)}
 * counts every call made (failed or not), so a test can run a scenario once and then fail each of
 * its calls in turn. An {@code open} is a {@link Call#CREATE} when it has {@code CREATE} or {@code
 * CREATE_NEW} and {@link StorageTier#exists} denies the key just before (two threads creating one
 * key at once may both count). A create or reopen failed after its effect closes the new channel
 * before it throws.
 *
 * <p><b>Channels</b> it hands out forward to the wrapped tier's channels ({@link
 * dev.mixchannel.api.ForwardingFileChannel}); their {@code force} is the call {@link Call#FORCE}.
 * {@link #reopen} takes only channels this tier handed out, and throws {@link
 * IllegalArgumentException} for any other.
 *
 * <p>Nothing is armed at first: the tier then behaves exactly as the one it wraps. Thread-safe.
 * Closing it closes the wrapped tier and every channel it handed out; afterwards {@link #name()},
 * {@link #kind()} and {@code toString()} are the wrapped tier's, and every other method throws
 * {@link IllegalStateException}.
 */
public final class FaultInjectingTier implements StorageTier {

  /** A state-changing call that can be made to fail. */
  public enum Call {
    /** {@link StorageTier#open} with {@code CREATE} or {@code CREATE_NEW} of a missing key. */
    CREATE,
    /** {@link StorageTier#createIncomplete}. */
    CREATE_INCOMPLETE,
    /** {@link StorageTier#publish}. */
    PUBLISH,
    /** {@link StorageTier#rename}; its key is {@code from}. */
    RENAME,
    /** {@link StorageTier#delete}. */
    DELETE,
    /** {@link StorageTier#discardIncomplete}. */
    DISCARD_INCOMPLETE,
    /** {@link StorageTier#reopen}; its key is the one the channel was opened on. */
    REOPEN,
    /** {@link FileChannel#force} of a channel this tier handed out. */
    FORCE,
  }

  /** When an armed call fails. */
  public enum Phase {
    /** Before the real call, which does not run: nothing changes. */
    BEFORE,
    /** After the real call ran: its effect stands. */
    AFTER,
  }

  private final StorageTier delegate;
  private final FaultPlan plan = new FaultPlan();
  private final Set<FaultChannel> channels = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  /**
   * Wraps a tier, with nothing armed.
   *
   * @param delegate the tier every call goes to; closed when this tier is closed
   */
  public FaultInjectingTier(StorageTier delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * The wrapped tier.
   *
   * @return the tier every call goes to
   */
  public StorageTier delegate() {
    return delegate;
  }

  /**
   * Arms a fault for the next call of a kind, on any key.
   *
   * @param call the call to fail
   * @param phase before or after its real effect
   */
  public void arm(Call call, Phase phase) {
    plan.arm(call, phase, null, 0, 1);
  }

  /**
   * Arms a fault for the next call of a kind on one key.
   *
   * @param call the call to fail
   * @param phase before or after its real effect
   * @param key the key the call must name ({@code from} for a rename), or {@code null} for any
   */
  public void arm(Call call, Phase phase, String key) {
    plan.arm(call, phase, key, 0, 1);
  }

  /**
   * Arms a fault that lets {@code skip} matching calls pass and then fails the next {@code times}.
   * Faults are consulted in the order they were armed; the first that matches a call decides.
   *
   * @param call the call to fail
   * @param phase before or after its real effect
   * @param key the key the call must name, or {@code null} for any
   * @param skip how many matching calls pass first, {@code >= 0}
   * @param times how many matching calls then fail, {@code >= 1}
   * @throws IllegalArgumentException when {@code skip} or {@code times} is out of range
   */
  public void arm(Call call, Phase phase, String key, long skip, int times) {
    plan.arm(call, phase, key, skip, times);
  }

  /** Removes every armed fault; the counts stay. */
  public void disarm() {
    plan.disarm();
  }

  /**
   * Whether a fault is still armed (not yet spent).
   *
   * @return {@code true} while some armed fault has calls left to fail
   */
  public boolean isArmed() {
    return plan.isArmed();
  }

  /**
   * How many calls of a kind were made, failed or not, since the tier was created.
   *
   * @param call the kind
   * @return the count
   */
  public long calls(Call call) {
    return plan.calls(call);
  }

  /**
   * How many calls of a kind were failed by an armed fault.
   *
   * @param call the kind
   * @return the count
   */
  public long injected(Call call) {
    return plan.injected(call);
  }

  /** The wrapped tier's name; answers after close. */
  @Override
  public String name() {
    return delegate.name();
  }

  /** The wrapped tier's kind; answers after close. */
  @Override
  public TierKind kind() {
    return delegate.kind();
  }

  @Override
  public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
    ensureOpen();
    if ((options.contains(CREATE) || options.contains(CREATE_NEW)) && !delegate.exists(key)) {
      return handOut(Call.CREATE, key, () -> delegate.open(key, options));
    }
    return wrap(delegate.open(key, options), key);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The channel must be one this tier handed out; its wrapped channel is reopened by the wrapped
   * tier.
   */
  @Override
  public FileChannel reopen(FileChannel channel) throws IOException {
    ensureOpen();
    if (!(channel instanceof FaultChannel fault) || fault.owner() != this) {
      throw new IllegalArgumentException(
          "not a channel of this tier: channel=" + channel + " (" + this + ")");
    }
    if (!fault.isOpen()) {
      throw new ClosedChannelException();
    }
    return handOut(Call.REOPEN, fault.key(), () -> delegate.reopen(fault.delegate()));
  }

  @Override
  public boolean exists(String key) throws IOException {
    ensureOpen();
    return delegate.exists(key);
  }

  @Override
  public long size(String key) throws IOException {
    ensureOpen();
    return delegate.size(key);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    ensureOpen();
    run(
        Call.RENAME,
        from,
        "to=" + to + ", tier " + delegate.name(),
        () -> {
          delegate.rename(from, to);
          return null;
        });
  }

  @Override
  public boolean delete(String key) throws IOException {
    ensureOpen();
    return run(Call.DELETE, key, "tier " + delegate.name(), () -> delegate.delete(key));
  }

  @Override
  public List<String> keys() throws IOException {
    ensureOpen();
    return delegate.keys();
  }

  @Override
  public Map<String, String> refusedKeys() throws IOException {
    ensureOpen();
    return delegate.refusedKeys();
  }

  @Override
  public FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
    ensureOpen();
    return handOut(Call.CREATE_INCOMPLETE, key, () -> delegate.createIncomplete(key, sizeHint));
  }

  @Override
  public void publish(String key) throws IOException {
    ensureOpen();
    run(
        Call.PUBLISH,
        key,
        "tier " + delegate.name(),
        () -> {
          delegate.publish(key);
          return null;
        });
  }

  @Override
  public boolean discardIncomplete(String key) throws IOException {
    ensureOpen();
    return run(
        Call.DISCARD_INCOMPLETE,
        key,
        "tier " + delegate.name(),
        () -> delegate.discardIncomplete(key));
  }

  @Override
  public List<String> incompleteKeys() throws IOException {
    ensureOpen();
    return delegate.incompleteKeys();
  }

  @Override
  public long capacityBytes() {
    ensureOpen();
    return delegate.capacityBytes();
  }

  @Override
  public long usedBytes() {
    ensureOpen();
    return delegate.usedBytes();
  }

  @Override
  public boolean hasRoomFor(long bytes) {
    ensureOpen();
    return delegate.hasRoomFor(bytes);
  }

  @Override
  public long allocationUnitBytes() {
    ensureOpen();
    return delegate.allocationUnitBytes();
  }

  @Override
  public long scrubBacklogUnits() {
    ensureOpen();
    return delegate.scrubBacklogUnits();
  }

  @Override
  public void reportAllocationWaits(LongConsumer nanos) {
    delegate.reportAllocationWaits(nanos);
  }

  /**
   * Closes the wrapped tier, then every channel this tier handed out. Idempotent.
   *
   * @throws IOException when closing the wrapped tier or a channel failed; all are still closed
   */
  @Override
  public void close() throws IOException {
    closed = true;
    List<AutoCloseable> all = new ArrayList<>();
    all.add(delegate);
    all.addAll(channels);
    IOException failure = Closeables.closeCollecting(all, "cannot close " + this);
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public String toString() {
    return "FaultInjectingTier[" + delegate + "]";
  }

  /** The force of a channel this tier handed out. */
  void force(FaultChannel channel, boolean metaData) throws IOException {
    run(
        Call.FORCE,
        channel.key(),
        "tier " + delegate.name(),
        () -> {
          channel.forceDelegate(metaData);
          return null;
        });
  }

  /** Called by a channel this tier handed out when it closes. */
  void forget(FaultChannel channel) {
    channels.remove(channel);
  }

  /** A call of the wrapped tier that may throw an I/O error. */
  @FunctionalInterface
  private interface IoCall<T> {
    T run() throws IOException;
  }

  /** Runs a call, failing it before or after as the plan decides. */
  private <T> T run(Call call, String key, String detail, IoCall<T> action) throws IOException {
    Phase phase = plan.decide(call, key);
    if (phase == Phase.BEFORE) {
      throw new InjectedFaultException(call, Phase.BEFORE, key, detail);
    }
    T result = action.run();
    if (phase == Phase.AFTER) {
      InjectedFaultException failure = new InjectedFaultException(call, Phase.AFTER, key, detail);
      if (result instanceof FileChannel channel) {
        // Nobody receives the new channel: close it, as a real failure after an open would.
        Closeables.closeQuietly(failure, channel);
      }
      throw failure;
    }
    return result;
  }

  /** Runs a call that returns a new channel, and wraps the channel. */
  private FileChannel handOut(Call call, String key, IoCall<FileChannel> action)
      throws IOException {
    return wrap(run(call, key, "tier " + delegate.name(), action), key);
  }

  private FileChannel wrap(FileChannel channel, String key) {
    FaultChannel wrapped = new FaultChannel(channel, this, key);
    channels.add(wrapped);
    return wrapped;
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("tier is closed: " + this);
    }
  }
}
