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
package dev.mixchannel.bookkeeper.internal;

import dev.mixchannel.api.MixChannelConfig;
import java.io.IOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * The journal storages open in this process, by tier configuration.
 *
 * <p>{@link #PROCESS} is the module's only static state. BookKeeper creates one provider per
 * journal directory by reflection, with no argument and nothing to share, and the tiers must be one
 * {@code TierManager} per bookie process (a second manager on the same directories is refused); so
 * the providers of one bookie find their storage here. Several bookies in one process each need
 * their own tier directories. A storage leaves the registry when it closes. Thread-safe; the lock
 * order is registry, then storage.
 */
public final class SharedStorages {

  /** The registry of this process. */
  public static final SharedStorages PROCESS = new SharedStorages();

  private final Map<MixChannelConfig, JournalStorage> open = new HashMap<>();

  private SharedStorages() {}

  /**
   * Attaches a provider to the storage of its settings, creating it (unopened) when needed.
   *
   * @param settings the provider's settings
   * @return the storage; the provider detaches with {@link #detach}
   * @throws IOException when the tiers already serve a bookie with other settings in this process
   */
  public synchronized JournalStorage attach(JournalSettings settings) throws IOException {
    JournalStorage storage = open.get(settings.config());
    if (storage != null) {
      if (!storage.settings().equals(settings)) {
        throw new IOException(
            "journal tiers already serve another bookie configuration in this process: first="
                + storage.settings()
                + ", second="
                + settings);
      }
      if (storage.attachProvider()) {
        return storage;
      }
    }
    storage = new JournalStorage(settings, Clock.systemUTC());
    storage.attachProvider();
    open.put(settings.config(), storage);
    return storage;
  }

  /**
   * Detaches a provider; closes the storage when it was the last and no written journal is open.
   *
   * @param storage the provider's storage
   * @throws IOException when closing the tiers failed
   */
  public void detach(JournalStorage storage) throws IOException {
    storage.detachProvider();
    closeIfIdle(storage);
  }

  /**
   * Closes a storage that has become idle (a written journal closed).
   *
   * @param storage the storage
   * @throws IOException when closing the tiers failed
   */
  void release(JournalStorage storage) throws IOException {
    closeIfIdle(storage);
  }

  private synchronized void closeIfIdle(JournalStorage storage) throws IOException {
    if (storage.closeIfIdle()) {
      open.remove(storage.settings().config(), storage);
      storage.closeNow();
    }
  }
}
