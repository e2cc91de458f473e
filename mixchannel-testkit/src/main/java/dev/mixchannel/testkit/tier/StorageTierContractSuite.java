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
import dev.mixchannel.testkit.junit.LeakCheckExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The {@link StorageTier} contract, one rule per test, as the SPI's javadoc states it (Lucene's
 * {@code BaseDirectoryTestCase} for {@code Directory}).
 *
 * <p>Extend it, open the tier and declare its optional features:
 *
 * <pre>{@code
 * class MyTierContractTest extends StorageTierContractSuite {
 *   protected StorageTier openTier(Path dir) throws IOException {
 *     return MyTier.open(dir);
 *   }
 *
 *   protected Set<TierCapability> capabilities() {
 *     return EnumSet.of(TierCapability.REOPEN, TierCapability.LOCK);
 *   }
 * }
 * }</pre>
 *
 * <p>The tests are grouped in nested classes: open options and keys; the namespace ({@code exists},
 * {@code size}, {@code keys}, {@code rename}, {@code delete}) and capacity; incomplete keys ({@code
 * createIncomplete}, {@code publish}, {@code discardIncomplete}); {@code reopen} ({@link
 * TierCapability#REOPEN}) and interrupts ({@link TierCapability#CLOSE_ON_INTERRUPT}); closing the
 * tier; restarting it from disk; locks held across namespace changes ({@link TierCapability#LOCK},
 * probed from a child JVM with {@link TierCapability#CROSS_PROCESS_LOCK_ON_KEY_FILE}); and faults
 * injected before and after the real effect of every state-changing call, through a {@link
 * FaultInjectingTier} around the tier under test, with the state checked through the tier's queries
 * and again after a restart. Tests of an optional feature are skipped by assumption when it is not
 * declared.
 *
 * <p>Each test opens the tier on a fresh, empty directory and closes it afterwards; a test that
 * restarts the tier closes it and calls {@link #openTier} again on the same directory. {@link
 * LeakCheckExtension} is registered: no {@code mixchannel-*} thread may outlive a test. A test
 * holds at most a dozen keys at once, the largest 300 KiB: 16 MiB of capacity is enough, also for a
 * PMem tier of 1 MiB extents. The whole suite takes a few seconds.
 */
@ExtendWith(LeakCheckExtension.class)
public abstract class StorageTierContractSuite {

  /** Subclasses open the tier; JUnit instantiates them. */
  protected StorageTierContractSuite() {}

  /**
   * Opens the tier under test on a directory. Called at the start of every test on a fresh, empty
   * directory, and again on the same directory after the tier was closed, to reopen it from disk:
   * everything the closed tier held must be there again.
   *
   * @param dir the tier's directory; it exists
   * @return the open tier; the suite closes it
   * @throws IOException when the tier cannot be opened
   */
  protected abstract StorageTier openTier(Path dir) throws IOException;

  /**
   * The optional features the tier has. The default declares none.
   *
   * @return the capabilities; the suite does not modify the set
   */
  protected Set<TierCapability> capabilities() {
    return EnumSet.noneOf(TierCapability.class);
  }

  @Nested
  class Open extends TierOpenContract {}

  @Nested
  class Namespace extends TierNamespaceContract {}

  @Nested
  class Incomplete extends TierIncompleteContract {}

  @Nested
  class Reopen extends TierReopenContract {}

  @Nested
  class Close extends TierCloseContract {}

  @Nested
  class Restart extends TierRestartContract {}

  @Nested
  class Locking extends TierLockContract {}

  @Nested
  class Faults extends TierFaultContract {}
}
