package dev.mixchannel.testkit;

import dev.mixchannel.api.ForwardingFileChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A channel a {@link FaultInjectingTier} handed out: forwards everything, and its {@code force} is
 * a call the tier may fail ({@link FaultInjectingTier.Call#FORCE}).
 */
final class FaultChannel extends ForwardingFileChannel {

  private final FaultInjectingTier owner;
  private final String key;

  FaultChannel(FileChannel delegate, FaultInjectingTier owner, String key) {
    super(delegate);
    this.owner = owner;
    this.key = key;
  }

  /** The tier that handed this channel out. */
  FaultInjectingTier owner() {
    return owner;
  }

  /** The key this channel was opened or created on. */
  String key() {
    return key;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    owner.force(this, metaData);
  }

  /** The real force, for the owner. */
  void forceDelegate(boolean metaData) throws IOException {
    super.force(metaData);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    owner.forget(this);
    super.implCloseChannel();
  }
}
