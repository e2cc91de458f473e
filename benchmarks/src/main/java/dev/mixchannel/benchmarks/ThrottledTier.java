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
package dev.mixchannel.benchmarks;

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.common.Closeables;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A tier whose channels go through one shared {@link Throttle}: the "modelled HDD" cold tier of
 * {@link BurstScenario}, installed with {@code TierManager.Builder.tierWrapper}. Everything else
 * forwards to the wrapped tier; closing closes it and every channel handed out.
 */
final class ThrottledTier extends ForwardingStorageTier {

  private final Throttle throttle;
  private final Set<ThrottledChannel> handedOut = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  ThrottledTier(StorageTier delegate, Throttle throttle) {
    super(delegate);
    this.throttle = throttle;
  }

  @Override
  public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
    return track(delegate().open(key, options));
  }

  private FileChannel track(FileChannel channel) {
    handedOut.removeIf(c -> !c.isOpen());
    ThrottledChannel throttled = new ThrottledChannel(channel, throttle);
    handedOut.add(throttled);
    return throttled;
  }

  @Override
  public FileChannel reopen(FileChannel channel) throws IOException {
    if (closed) {
      throw new IllegalStateException("tier closed: tier=" + name());
    }
    if (!(channel instanceof ThrottledChannel t) || !handedOut.contains(t)) {
      throw new IllegalArgumentException(
          "not a channel of this tier: tier=" + name() + ", channel=" + channel);
    }
    if (!t.isOpen()) {
      throw new java.nio.channels.ClosedChannelException();
    }
    return track(delegate().reopen(t.delegate()));
  }

  @Override
  public FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
    return track(delegate().createIncomplete(key, sizeHint));
  }

  @Override
  public void close() throws IOException {
    closed = true;
    List<AutoCloseable> all = new ArrayList<>(handedOut);
    handedOut.clear();
    all.add(delegate());
    Closeables.closeAll(all, "closing the throttled tier " + name());
  }
}
