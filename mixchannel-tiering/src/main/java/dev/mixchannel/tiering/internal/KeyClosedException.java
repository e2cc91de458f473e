package dev.mixchannel.tiering.internal;

import java.nio.channels.ClosedChannelException;

/** A {@link ClosedChannelException} whose message names the key and why the channel is closed. */
final class KeyClosedException extends ClosedChannelException {
  private static final long serialVersionUID = 1L;

  private final String message;

  KeyClosedException(String key, String why) {
    this.message = "channel closed: key=" + key + " (" + why + ")";
  }

  @Override
  public String getMessage() {
    return message;
  }
}
