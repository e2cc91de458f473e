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
package dev.mixchannel.api;

import java.nio.file.OpenOption;
import java.util.Set;

/**
 * An {@link OpenOption} that tells a tier how large a new channel is expected to grow (Kafka's
 * {@code initFileSize}), and optionally asks for the channel to be preallocated to that size.
 *
 * <p>{@link #of(long)} is a hint only: it steers placement (the fastest tier, and the directory,
 * with room for it) and never changes what the channel reports. {@link #preallocate(long)} also
 * creates the channel with {@code size() == bytes}, zero-filled, like Kafka's {@code
 * log.preallocate=true} does with {@code RandomAccessFile.setLength}. Both only act when the open
 * creates the channel. Instances are immutable and thread-safe.
 *
 * @param bytes the expected size in bytes, {@code >= 0}
 * @param preallocated whether a newly created channel starts at {@code bytes} zero bytes
 */
public record SizeHint(long bytes, boolean preallocated) implements OpenOption {

  /** No hint: size 0, no preallocation. */
  public static final SizeHint NONE = new SizeHint(0, false);

  /**
   * Validates the components.
   *
   * @param bytes the expected size in bytes
   * @param preallocated whether a new channel starts at {@code bytes} zero bytes
   * @throws IllegalArgumentException when {@code bytes} is negative
   */
  public SizeHint {
    if (bytes < 0) {
      throw new IllegalArgumentException("negative size hint: bytes=" + bytes);
    }
  }

  /**
   * A placement hint.
   *
   * @param bytes the expected final size in bytes, {@code >= 0}
   * @return the hint
   * @throws IllegalArgumentException when {@code bytes} is negative
   */
  public static SizeHint of(long bytes) {
    return new SizeHint(bytes, false);
  }

  /**
   * A placement hint that also creates a new channel with {@code bytes} zero bytes.
   *
   * @param bytes the initial size in bytes, {@code >= 0}
   * @return the hint
   * @throws IllegalArgumentException when {@code bytes} is negative
   */
  public static SizeHint preallocate(long bytes) {
    return new SizeHint(bytes, true);
  }

  /**
   * Finds the size hint among open options.
   *
   * @param options the options passed to an open call
   * @return the {@code SizeHint} among them, or {@link #NONE}
   * @throws IllegalArgumentException when the options hold two different hints
   */
  public static SizeHint in(Set<? extends OpenOption> options) {
    SizeHint found = null;
    for (OpenOption option : options) {
      if (option instanceof SizeHint hint) {
        if (found != null && !found.equals(hint)) {
          throw new IllegalArgumentException(
              "conflicting size hints: first=" + found + ", second=" + hint);
        }
        found = hint;
      }
    }
    return found == null ? NONE : found;
  }
}
