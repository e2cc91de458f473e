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

/**
 * The named points of the migration protocol, in the order a migration passes them. Each belongs to
 * one of the three steps of DESIGN.md's protocol ({@link #designStep()}): 1, create the destination
 * incomplete; 2, copy in chunks; 3, switch. A test hook ({@link MigrationHook}) is called at each.
 */
public enum MigrationStep {
  /** Step 1 began: the key is marked migrating, so writes record the lowest offset they touch. */
  MARKED(1),
  /** Step 1 done: the incomplete destination exists. */
  DEST_CREATED(1),
  /** Step 2: one chunk was copied (passed once per chunk). */
  CHUNK_COPIED(2),
  /** Step 3 began: the exclusive lock is held. */
  SWITCH_LOCKED(3),
  /** The bytes written since the copy began are copied; source and destination are identical. */
  CAUGHT_UP(3),
  /**
   * The file locks held through the key's handles are taken on the destination too; it is about to
   * be published.
   */
  DEST_LOCKED(3),
  /**
   * The destination is published as complete (the tier made its bytes and size durable first): the
   * key is complete on both tiers.
   */
  PUBLISHED(3),
  /** The source copy is deleted. */
  SOURCE_REMOVED(3),
  /** The key's channel now uses the destination; the exclusive lock is about to be released. */
  SWITCHED(3);

  private final int designStep;

  MigrationStep(int designStep) {
    this.designStep = designStep;
  }

  /**
   * The step of DESIGN.md's protocol this point is in.
   *
   * @return 1 (create), 2 (copy) or 3 (switch)
   */
  public int designStep() {
    return designStep;
  }
}
