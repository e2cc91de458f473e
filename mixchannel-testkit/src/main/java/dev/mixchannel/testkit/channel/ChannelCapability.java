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
package dev.mixchannel.testkit.channel;

import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;

/**
 * An optional feature of a channel implementation, beyond the contract every implementation must
 * meet. Tests of a feature run only when the {@link ChannelFactory} declares it; tests of what an
 * implementation without it must do run only when it does not.
 */
public enum ChannelCapability {

  /**
   * {@link FileChannel#map} works as on the JDK. Without it, {@code map} must throw {@link
   * UnsupportedOperationException}.
   */
  MAP,

  /**
   * {@link FileChannel#lock} and {@link FileChannel#tryLock} work as on the JDK, including {@link
   * java.nio.channels.OverlappingFileLockException} between channels open on one name. Without it,
   * both must throw {@link UnsupportedOperationException}.
   */
  LOCK,

  /**
   * A thread whose interrupt status is set gets {@link ClosedByInterruptException} from a read or
   * write, and the channel is closed afterwards, as with the JDK. Without it, nothing is promised
   * about interrupts.
   */
  CLOSE_ON_INTERRUPT,

  /**
   * {@link ChannelFactory#delete} removes a name at once while channels stay open on it, as POSIX
   * {@code unlink} does: every open channel keeps reading and writing the old bytes, and an
   * interrupt that closes one of them (see {@link #CLOSE_ON_INTERRUPT}) leaves the others working.
   * Without it, {@code delete} is not called.
   */
  DELETE_OPEN,

  /**
   * {@link ChannelFactory#rename} atomically replaces an existing name while channels stay open on
   * it: they keep the replaced bytes, as after POSIX {@code rename}; the name then opens the
   * renamed bytes. Without it, {@code rename} is not called.
   */
  RENAME_OPEN,

  /**
   * {@link ChannelFactory#restart} closes the implementation's storage as a crash would leave it
   * and opens it again: the names and bytes written before are there, and a name that was deleted
   * or renamed away is not. Without it, {@code restart} is not called.
   */
  RESTART,

  /**
   * {@link ChannelFactory#leaveStaleCopy} makes the implementation keep a stale copy of a name, one
   * its own clean-up failed to remove (a tiered store whose delete failed twice in a migration):
   * the name keeps serving what it served, and a delete or rename of it must not leave the copy for
   * a crash to bring back. Without it, {@code leaveStaleCopy} is not called.
   */
  STALE_COPIES,
}
