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

/**
 * Forces a key's backing channel and records how long it took in its tier's force-latency histogram
 * ({@code force_latency_micros}). Stateless; called under the key's shared lock, so the key's
 * backing is the channel being forced.
 */
final class ForceTimer {

  private ForceTimer() {}

  static void force(FileChannel backing, TieredKey key, boolean metaData) throws IOException {
    long start = System.nanoTime();
    backing.force(metaData);
    Backing current = key.backing();
    if (current != null) {
      current.tier().counters().forceLatencyMicros.recordMicrosSince(start);
    }
  }
}
