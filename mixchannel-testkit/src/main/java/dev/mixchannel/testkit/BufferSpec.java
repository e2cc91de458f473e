package dev.mixchannel.testkit;

/**
 * A buffer for one differential step: its kind, capacity, position and limit, and where in the
 * run's noise its initial content starts. Both sides build identical buffers from it.
 *
 * @param kind the buffer kind
 * @param capacity the bytes in the buffer's region
 * @param position the position within the region
 * @param limit the limit within the region
 * @param fillOffset the offset into the noise that fills the region
 */
record BufferSpec(BufferKind kind, int capacity, int position, int limit, int fillOffset) {

  @Override
  public String toString() {
    if (position == 0 && limit == capacity) {
      return kind + "[" + capacity + "]";
    }
    return kind + "[cap=" + capacity + " pos=" + position + " lim=" + limit + "]";
  }
}
