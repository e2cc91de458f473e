package dev.mixchannel.testkit;

import dev.mixchannel.api.ForwardingFileChannel;
import java.nio.channels.FileChannel;

/**
 * A {@link FileChannel} of a type no implementation knows, forwarding every call to a handle of the
 * run's file: what a caller's wrapper (a subclass of {@code ForwardingFileChannel}, an adapter's
 * channel) looks like to the channel under test when it is handed in as the source of {@code
 * transferFrom} or the target of {@code transferTo}. Closing it leaves the handle open; the handle
 * belongs to its side.
 */
final class ForwardingChannel extends ForwardingFileChannel {

  ForwardingChannel(FileChannel delegate) {
    super(delegate);
  }

  @Override
  protected void implCloseChannel() {}

  @Override
  public String toString() {
    return "ForwardingChannel[" + delegate() + "]";
  }
}
