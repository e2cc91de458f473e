package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * One delegation to a segment's backing channel, run under the segment's shared lock.
 *
 * @param <R> the result type
 */
@FunctionalInterface
interface BackingOp<R> {

  /**
   * Runs the operation.
   *
   * @param backing the backing channel
   * @param segment the segment, to record writes with {@link Segment#noteWrite}
   * @return the result
   * @throws IOException when the backing channel fails
   */
  R apply(FileChannel backing, Segment segment) throws IOException;
}
