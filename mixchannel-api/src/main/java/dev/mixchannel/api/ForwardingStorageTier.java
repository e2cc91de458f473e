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
package dev.mixchannel.api;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * A {@link StorageTier} that forwards every call to another: the base of a tier that adds to an
 * existing one (auditing, throttling, fault injection). Override what changes; keep the contract of
 * {@link StorageTier} in every override, including for failures after the effect. Thread-safe when
 * the delegate is.
 */
public class ForwardingStorageTier implements StorageTier {

  private final StorageTier delegate;

  /**
   * Wraps a tier.
   *
   * @param delegate the tier every call goes to; closed by {@link #close()}
   */
  public ForwardingStorageTier(StorageTier delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * The wrapped tier.
   *
   * @return the delegate
   */
  protected final StorageTier delegate() {
    return delegate;
  }

  @Override
  public String name() {
    return delegate.name();
  }

  @Override
  public TierKind kind() {
    return delegate.kind();
  }

  @Override
  public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
    return delegate.open(key, options);
  }

  @Override
  public FileChannel reopen(FileChannel channel) throws IOException {
    return delegate.reopen(channel);
  }

  @Override
  public boolean exists(String key) throws IOException {
    return delegate.exists(key);
  }

  @Override
  public long size(String key) throws IOException {
    return delegate.size(key);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    delegate.rename(from, to);
  }

  @Override
  public boolean delete(String key) throws IOException {
    return delegate.delete(key);
  }

  @Override
  public List<String> keys() throws IOException {
    return delegate.keys();
  }

  @Override
  public FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
    return delegate.createIncomplete(key, sizeHint);
  }

  @Override
  public void publish(String key) throws IOException {
    delegate.publish(key);
  }

  @Override
  public boolean discardIncomplete(String key) throws IOException {
    return delegate.discardIncomplete(key);
  }

  @Override
  public List<String> incompleteKeys() throws IOException {
    return delegate.incompleteKeys();
  }

  @Override
  public long capacityBytes() {
    return delegate.capacityBytes();
  }

  @Override
  public long usedBytes() {
    return delegate.usedBytes();
  }

  @Override
  public boolean hasRoomFor(long bytes) {
    return delegate.hasRoomFor(bytes);
  }

  @Override
  public long allocationUnitBytes() {
    return delegate.allocationUnitBytes();
  }

  @Override
  public Map<String, String> refusedKeys() throws IOException {
    return delegate.refusedKeys();
  }

  @Override
  public long scrubBacklogUnits() {
    return delegate.scrubBacklogUnits();
  }

  @Override
  public void reportAllocationWaits(LongConsumer nanos) {
    delegate.reportAllocationWaits(nanos);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
