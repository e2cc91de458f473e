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

/** The named points of the migration protocol, in the order a migration passes them. */
public enum MigrationStep {
  /** Step 1 done: the key is marked migrating, so writes record the lowest offset they touch. */
  MARKED,
  /** Step 2 done: the incomplete destination exists. */
  DEST_CREATED,
  /** Step 3: one chunk was copied (passed once per chunk). */
  CHUNK_COPIED,
  /** Step 4 began: the exclusive lock is held. */
  SWITCH_LOCKED,
  /** The bytes written since the copy began are copied; source and destination are identical. */
  CAUGHT_UP,
  /** The destination's bytes and size are durable. */
  DEST_DURABLE,
  /** The destination is published as complete: the key is complete on both tiers. */
  PUBLISHED,
  /** The source copy is deleted. */
  SOURCE_REMOVED,
  /** The key's channel now uses the destination; the exclusive lock is about to be released. */
  SWITCHED
}
