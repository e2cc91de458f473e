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
package dev.mixchannel.tiering;

import java.util.List;

/**
 * Decides which keys move between tiers: the SPI of the background migrator.
 *
 * <p>The manager calls {@link #decide} from its policy thread every {@code
 * mixchannel.migrate.interval.ms} with a fresh snapshot, and queues each returned request for its
 * copy workers. Requests for unknown keys or tiers, for keys already on the target tier, and for
 * keys whose migration is in flight or backing off are dropped, so a policy never needs to filter
 * them itself (though {@link KeySnapshot#pickable()} lets it skip them). An implementation is
 * called by one thread at a time and must not block.
 */
public interface MigrationPolicy {

  /**
   * Chooses the migrations to start now.
   *
   * @param snapshot the tiers and keys as of now
   * @return the requests, in the order they should start; empty for none
   */
  List<MigrationRequest> decide(PolicySnapshot snapshot);
}
