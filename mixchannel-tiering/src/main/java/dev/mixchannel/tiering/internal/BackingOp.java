package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * One delegation to a key's backing channel, run under the key's shared lock. It never calls a
 * channel other than the backing channel.
 *
 * @param <R> the result type
 */
@FunctionalInterface
interface BackingOp<R> {

  /**
   * Runs the operation.
   *
   * @param backing the backing channel
   * @param key the key, to record writes with {@link TieredKey#noteWrite}
   * @return the result
   * @throws IOException when the backing channel fails
   */
  R apply(FileChannel backing, TieredKey key) throws IOException;
}
