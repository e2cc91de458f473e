package dev.mixchannel.testkit;

/**
 * A position or size argument of a differential step: absolute, or relative to the reference file's
 * size at the moment the step runs (so that steps reach the end of file whatever came before). Both
 * sides get the same resolved value.
 *
 * @param value the absolute value, or the offset from the size
 * @param fromSize whether {@code value} is relative to the size
 */
record PositionSpec(long value, boolean fromSize) {

  static PositionSpec absolute(long value) {
    return new PositionSpec(value, false);
  }

  static PositionSpec fromSize(long delta) {
    return new PositionSpec(delta, true);
  }

  /** The argument to pass; a relative value never resolves below zero. */
  long resolve(long referenceSizeBytes) {
    return fromSize ? Math.max(0, referenceSizeBytes + value) : value;
  }

  @Override
  public String toString() {
    if (!fromSize) {
      return Long.toString(value);
    }
    return value >= 0 ? "size+" + value : "size" + value;
  }
}
