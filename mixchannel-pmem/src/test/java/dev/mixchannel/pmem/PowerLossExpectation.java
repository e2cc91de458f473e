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
package dev.mixchannel.pmem;

import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * What a crash image taken at one moment must and may show, per key name. Immutable by convention:
 * the bit sets it holds are never changed after a force installs them.
 *
 * @param keys every name that may exist, with the files it may name
 * @param inFlight the operations started and not ended at that moment, for reports
 */
record PowerLossExpectation(Map<String, Key> keys, List<String> inFlight) {

  /**
   * One key name.
   *
   * @param name the name
   * @param mustExist whether every state the image may be in has the name
   * @param candidates the files the name may name (one unless a namespace change is in flight)
   */
  record Key(String name, boolean mustExist, List<File> candidates) {}

  /**
   * One file a key may name.
   *
   * @param number the file number (its pattern)
   * @param description the file's history, for reports
   * @param maxSizeBytes the largest size any started operation could have given it
   * @param durableWritten which offsets held the pattern (the others zero) at its last force
   * @param guaranteedBytes how many bytes of that force's contents must be there (less when a
   *     truncate started since)
   * @param tainted {@code [from, to)} ranges written by writes started since (or in flight then),
   *     where a forced zero may have become the pattern
   */
  record File(
      int number,
      String description,
      long maxSizeBytes,
      BitSet durableWritten,
      long guaranteedBytes,
      List<long[]> tainted) {

    /** Whether a write not covered by the last force may have written {@code offset}. */
    boolean isTainted(long offset) {
      for (long[] range : tainted) {
        if (offset >= range[0] && offset < range[1]) {
          return true;
        }
      }
      return false;
    }
  }
}
