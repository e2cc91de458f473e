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
