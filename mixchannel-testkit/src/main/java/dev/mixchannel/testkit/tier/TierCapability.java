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

import dev.mixchannel.api.StorageTier;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;

/**
 * An optional feature of a {@link StorageTier} implementation, beyond the contract every tier must
 * meet. Tests of a feature run only when the suite declares it through {@link
 * StorageTierContractSuite#capabilities()}; tests of what a tier without it must do run only when
 * it does not.
 */
public enum TierCapability {

  /**
   * {@link StorageTier#reopen(FileChannel)} works as its javadoc says, on live, deleted, renamed
   * and replaced keys. Without it, {@code reopen} must throw {@link UnsupportedOperationException}.
   */
  REOPEN,

  /**
   * {@link FileChannel#lock} and {@link FileChannel#tryLock} work on the tier's channels, with
   * {@link java.nio.channels.OverlappingFileLockException} between two channels of one key, and a
   * lock stays held whatever the tier is asked to do meanwhile (publish, rename, delete of another
   * key, another open, reopen).
   */
  LOCK,

  /**
   * A lock taken through a channel of key {@code k} is a POSIX record lock on the file {@code
   * <dir>/k} (after a rename, on the renamed file), where {@code dir} is the directory the suite
   * passed to {@link StorageTierContractSuite#openTier}: another process trying to lock that range
   * of that file is refused. The suite probes it from a child JVM ({@link LockProbe}). Implies
   * {@link #LOCK}.
   */
  CROSS_PROCESS_LOCK_ON_KEY_FILE,

  /**
   * A thread whose interrupt status is set gets {@link ClosedByInterruptException} from a write on
   * the tier's channel, which closes that channel (as a JDK file channel does). The suite checks
   * that the other channels of the key keep working, also when the key was deleted or replaced.
   */
  CLOSE_ON_INTERRUPT,
}
