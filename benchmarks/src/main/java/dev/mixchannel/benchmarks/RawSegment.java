package dev.mixchannel.benchmarks;

import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The physical limit of an append: a copy into a pre-touched direct buffer of one segment, wrapping
 * at its end.
 */
@State(Scope.Thread)
public class RawSegment {

  private ByteBuffer segment;
  private int position;

  /** Allocates the segment and touches every page. */
  @Setup(Level.Trial)
  public void setUp() {
    segment = ByteBuffer.allocateDirect((int) BenchTiers.SEGMENT_BYTES);
    for (int i = 0; i < segment.capacity(); i += 4096) {
      segment.put(i, (byte) 1);
    }
  }

  /**
   * Copies the whole record.
   *
   * @param record the record, from 0 to its capacity
   * @return the bytes copied
   */
  public int copy(ByteBuffer record) {
    int bytes = record.capacity();
    if (position + bytes > segment.capacity()) {
      position = 0;
    }
    segment.put(position, record, 0, bytes);
    position += bytes;
    return bytes;
  }
}
