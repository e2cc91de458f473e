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
package dev.mixchannel.testkit.differential;

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
