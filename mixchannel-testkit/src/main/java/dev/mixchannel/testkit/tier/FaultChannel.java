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
package dev.mixchannel.testkit.tier;

import dev.mixchannel.api.ForwardingFileChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A channel a {@link FaultInjectingTier} handed out: forwards everything, and its {@code force} is
 * a call the tier may fail ({@link FaultInjectingTier.Call#FORCE}).
 */
final class FaultChannel extends ForwardingFileChannel {

  private final FaultInjectingTier owner;
  private final String key;

  FaultChannel(FileChannel delegate, FaultInjectingTier owner, String key) {
    super(delegate);
    this.owner = owner;
    this.key = key;
  }

  /** The tier that handed this channel out. */
  FaultInjectingTier owner() {
    return owner;
  }

  /** The key this channel was opened or created on. */
  String key() {
    return key;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    owner.force(this, metaData);
  }

  /** The real force, for the owner. */
  void forceDelegate(boolean metaData) throws IOException {
    super.force(metaData);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    owner.forget(this);
    super.implCloseChannel();
  }
}
