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
package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What keeps the bytes of a deleted (or replaced) key reachable while its handles are open: a spare
 * channel on them, taken while the tier still knows them, and the incomplete copies a spill of the
 * deleted key made ({@link Spiller}), discarded with the last reference. Used under the key's
 * exclusive side.
 */
final class DeletedBytes {
  private static final Logger LOG = LoggerFactory.getLogger(DeletedBytes.class);

  private FileChannel spare;
  private final List<AutoCloseable> copies = new ArrayList<>();

  /** Takes a spare channel on the bytes of {@code backing} unless there is one. */
  void keepReachable(Backing backing, String key) {
    if (spare == null) {
      try {
        spare = backing.tier().tier().reopen(backing.raw());
      } catch (UnsupportedOperationException | IOException e) {
        LOG.debug("no spare channel for a deleted key: key={}, tier={}", key, backing.tier(), e);
      }
    }
  }

  /**
   * A new channel on the bytes through the spare channel.
   *
   * @throws KeyClosedException when there is none open
   */
  FileChannel reopen(RankedTier tier, String key) throws IOException {
    if (spare != null && spare.isOpen()) {
      return tier.tier().reopen(spare);
    }
    throw new KeyClosedException(key, "backing channel of a deleted key was closed");
  }

  /**
   * The bytes now live in an incomplete copy on a slower tier, which {@code discard} removes.
   *
   * @return the replaced spare channel, for the caller to close
   */
  FileChannel own(FileChannel newSpare, AutoCloseable discard) {
    FileChannel old = spare;
    spare = newSpare;
    copies.add(discard);
    return old;
  }

  /** The key is no longer referenced: adds the spare channel and the copies' discards to close. */
  void release(List<AutoCloseable> toClose) {
    if (spare != null) {
      toClose.add(spare);
      spare = null;
    }
    toClose.addAll(copies);
    copies.clear();
  }
}
