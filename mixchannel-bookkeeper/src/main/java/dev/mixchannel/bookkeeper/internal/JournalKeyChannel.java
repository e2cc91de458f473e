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
package dev.mixchannel.bookkeeper.internal;

import dev.mixchannel.api.ForwardingFileChannel;
import dev.mixchannel.tiering.MixChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;

/**
 * The channel the bookie gets for a journal key: a {@link MixChannel} with two changes.
 *
 * <ul>
 *   <li><b>Preallocation.</b> Unless the settings ask for it, a positional write of zeros that
 *       starts past the end is dropped (it reports the bytes as written and leaves the size alone).
 *       The journal preallocates by writing one aligned block of zeros 16 MiB ahead; on the PMem
 *       tier that would zero-fill the gap on every roll, writing every journal byte twice. Replay
 *       stops at a zero length and at a short read alike, and the bookie never asks the size, so
 *       the journal reads the same.
 *   <li><b>Close.</b> Closing tells the storage, which keeps the tiers open until the last journal
 *       channel is closed; a journal written by the bookie is sealed first (it is never written
 *       again, so the policy may demote it).
 * </ul>
 *
 * <p>Everything else is the {@code MixChannel}'s, with its differences from the JDK's channel.
 * Thread-safety is the {@code MixChannel}'s.
 */
final class JournalKeyChannel extends ForwardingFileChannel {

  private final MixChannel channel;
  private final JournalStorage storage;
  private final String key;
  private final boolean writer;
  private final boolean preallocate;

  JournalKeyChannel(
      MixChannel channel, JournalStorage storage, String key, boolean writer, boolean preallocate) {
    super(channel);
    this.channel = channel;
    this.storage = storage;
    this.key = key;
    this.writer = writer;
    this.preallocate = preallocate;
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    if (!preallocate && position > channel.size() && isZeros(src)) {
      int skipped = src.remaining();
      src.position(src.limit());
      return skipped;
    }
    return super.write(src, position);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    try {
      if (writer) {
        seal();
      }
      super.implCloseChannel();
    } finally {
      storage.channelClosed(key, writer);
    }
  }

  private void seal() {
    try {
      channel.seal();
    } catch (ClosedChannelException e) {
      // Closed under us (an interrupt on a file tier, or the tiers closing): nothing to seal.
    }
  }

  private static boolean isZeros(ByteBuffer src) {
    for (int i = src.position(); i < src.limit(); i++) {
      if (src.get(i) != 0) {
        return false;
      }
    }
    return true;
  }
}
