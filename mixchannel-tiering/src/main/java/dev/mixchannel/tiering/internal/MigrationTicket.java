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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state of one migration of a key: the incomplete destination and how far it got. Its fields
 * are used by the migrating thread under the key's lock (either side) and by whoever cancels it
 * under the exclusive side.
 */
final class MigrationTicket {
  private static final Logger LOG = LoggerFactory.getLogger(MigrationTicket.class);

  final String key;
  final RankedTier source;
  final RankedTier target;
  final long startSizeBytes;

  FileChannel dst;
  boolean published;
  boolean switched;
  boolean finished;
  IOException lateFailure;

  /** The backing channel a switch replaced, closed by {@link #closeRetiredSource()}. */
  Backing retiredSource;

  MigrationTicket(String key, RankedTier source, RankedTier target, long startSizeBytes) {
    this.key = key;
    this.source = source;
    this.target = target;
    this.startSizeBytes = startSizeBytes;
  }

  /**
   * Rolls the migration back: the key stops tracking writes, the destination is closed and, unless
   * it was published, discarded. Idempotent. Caller holds the key's exclusive side.
   *
   * @param k the key
   * @param failure the failure that caused the abort, to attach a discard failure to; or null
   */
  void abort(TieredKey k, Throwable failure) {
    k.endMigration(this);
    if (finished) {
      return;
    }
    finished = true;
    if (dst == null) {
      return;
    }
    try {
      dst.close();
    } catch (IOException e) {
      LOG.debug("closing destination failed: key={}, tier={}", key, target, e);
    }
    if (!published) {
      TierCalls.discardQuietly(target, key, failure);
    }
  }

  /**
   * Closes the backing channel a switch replaced, if any. Called without the key's lock held.
   * Idempotent.
   */
  void closeRetiredSource() {
    Backing retired = retiredSource;
    retiredSource = null;
    if (retired == null) {
      return;
    }
    try {
      retired.closeIfRetired();
    } catch (IOException e) {
      LOG.debug("closing the replaced source channel failed: key={}, tier={}", key, source, e);
    }
  }

  @Override
  public String toString() {
    return "migration[key=" + key + ", from=" + source + ", to=" + target + "]";
  }
}
