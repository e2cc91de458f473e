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
package dev.mixchannel.testkit.channel;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A factory wrapper that records every channel its delegate opens in a {@link ChannelTracker}.
 * Channels are returned unwrapped, so tests see the implementation's own types.
 */
final class TrackingChannelFactory implements ChannelFactory {

  private final ChannelFactory delegate;
  private final ChannelTracker tracker;
  private final AtomicBoolean closed = new AtomicBoolean();

  TrackingChannelFactory(ChannelFactory delegate, ChannelTracker tracker) {
    this.delegate = delegate;
    this.tracker = tracker;
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    FileChannel channel = delegate.open(name, options);
    tracker.add(channel, "channel name=" + name + ", options=" + options, this);
    return channel;
  }

  @Override
  public boolean delete(String name) throws IOException {
    return delegate.delete(name);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    delegate.rename(from, to);
  }

  @Override
  public void restart() throws IOException {
    delegate.restart();
  }

  @Override
  public void leaveStaleCopy(String name) throws IOException {
    delegate.leaveStaleCopy(name);
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return delegate.capabilities();
  }

  @Override
  public void close() throws IOException {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    tracker.factoryClosing(this);
    delegate.close();
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
