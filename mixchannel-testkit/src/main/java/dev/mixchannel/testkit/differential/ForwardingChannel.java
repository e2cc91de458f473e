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

import dev.mixchannel.api.ForwardingFileChannel;
import java.nio.channels.FileChannel;

/**
 * A {@link FileChannel} of a type no implementation knows, forwarding every call to a handle of the
 * run's file: what a caller's wrapper (a subclass of {@code ForwardingFileChannel}, an adapter's
 * channel) looks like to the channel under test when it is handed in as the source of {@code
 * transferFrom} or the target of {@code transferTo}. Closing it leaves the handle open; the handle
 * belongs to its side.
 */
public final class ForwardingChannel extends ForwardingFileChannel {

  /**
   * Wraps a handle.
   *
   * @param delegate the handle every call goes to; left open by {@link #close()}
   */
  public ForwardingChannel(FileChannel delegate) {
    super(delegate);
  }

  @Override
  protected void implCloseChannel() {}

  @Override
  public String toString() {
    return "ForwardingChannel[" + delegate() + "]";
  }
}
