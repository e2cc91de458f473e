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

/**
 * JMX view of a tier manager, registered as {@code dev.mixchannel:type=TierManager,name=<id>}.
 * Attributes are read without blocking I/O.
 */
public interface TierManagerMXBean {

  /**
   * Open keys and keys at rest across all tiers.
   *
   * @return the number of keys
   */
  long getKeyCount();

  /**
   * Completed promotions.
   *
   * @return the count
   */
  long getMigrationsUp();

  /**
   * Completed demotions, spills included.
   *
   * @return the count
   */
  long getMigrationsDown();

  /**
   * Bytes copied by completed migrations.
   *
   * @return the byte count
   */
  long getBytesMigrated();

  /**
   * Spills: channels moved down inside a write because their tier was full.
   *
   * @return the count
   */
  long getSpills();

  /**
   * Migrations that failed and were rolled back.
   *
   * @return the count
   */
  long getMigrationFailures();

  /**
   * The last migration or I/O error the manager recorded.
   *
   * @return its message, or an empty string when there was none
   */
  String getLastError();
}
