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

import java.nio.channels.FileChannel;

/**
 * A step on the channel of its handle ({@link DiffSide#channel}): when no handle is open on the
 * side, the step does nothing and its result is {@value #NO_OPEN_HANDLE}, on both sides alike.
 */
interface ChannelOp extends DiffOp {

  /** The result of a step whose side has no open handle. */
  String NO_OPEN_HANDLE = "no open handle";

  @Override
  default String apply(DiffSide side, long referenceSizeBytes) throws Exception {
    FileChannel channel = side.channel(handle());
    return channel == null ? NO_OPEN_HANDLE : apply(side, channel, referenceSizeBytes);
  }

  /**
   * Runs the step on the open channel of its handle.
   *
   * @param side the side
   * @param channel the channel of the step's handle on that side
   * @param referenceSizeBytes as for {@link DiffOp#apply(DiffSide, long)}
   * @return the step's result
   * @throws Exception when the harness itself fails
   */
  String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) throws Exception;
}
