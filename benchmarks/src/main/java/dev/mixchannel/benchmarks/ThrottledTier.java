package dev.mixchannel.benchmarks;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A tier whose channels go through one shared {@link Throttle}: the "modelled HDD" cold tier of
 * {@link BurstScenario}, installed with {@code TierManager.Builder.tierWrapper}. Everything else
 * forwards to the wrapped tier; closing closes it and every channel handed out.
 */
final class ThrottledTier implements StorageTier {

  private final StorageTier delegate;
  private final Throttle throttle;
  private final Set<ThrottledChannel> handedOut = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  ThrottledTier(StorageTier delegate, Throttle throttle) {
    this.delegate = delegate;
    this.throttle = throttle;
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
    return track(delegate.open(key, options));
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
    return track(delegate.reopen(t.delegate()));
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
    return track(delegate.createIncomplete(key, sizeHint));
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
  public void close() throws IOException {
    closed = true;
    IOException failure = null;
    for (ThrottledChannel channel : handedOut) {
      try {
        channel.close();
      } catch (IOException e) {
        failure = e;
      }
    }
    handedOut.clear();
    try {
      delegate.close();
    } catch (IOException e) {
      if (failure != null) {
        e.addSuppressed(failure);
      }
      throw e;
    }
    if (failure != null) {
      throw failure;
    }
  }
}
