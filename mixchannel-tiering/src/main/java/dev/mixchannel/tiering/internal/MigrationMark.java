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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The migration in flight of one {@link TieredKey} and the lowest offset written since it marked
 * the key, so that its catch-up copies every byte written meanwhile. Marked and ended under the
 * key's exclusive side; writes are recorded under its shared side or append lock.
 */
final class MigrationMark {
  private static final VarHandle DIRTY_FROM;

  static {
    try {
      DIRTY_FROM =
          MethodHandles.lookup().findVarHandle(MigrationMark.class, "dirtyFrom", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // Written under the key's exclusive side; read under its shared side or append lock.
  private Migration migration;
  private boolean migrating;

  @SuppressWarnings("unused") // accessed through DIRTY_FROM
  private long dirtyFrom = Long.MAX_VALUE;

  /** Records a write (or truncate) at {@code position} while a migration is marked. */
  void noteWrite(long position) {
    if (migrating) {
      long current;
      do {
        current = (long) DIRTY_FROM.getVolatile(this);
        if (position >= current) {
          return;
        }
      } while (!DIRTY_FROM.compareAndSet(this, current, position));
    }
  }

  /** The lowest offset written since the migration in flight marked the key. */
  long dirtyFrom() {
    return (long) DIRTY_FROM.getVolatile(this);
  }

  /** The migration in flight, or {@code null}. */
  Migration migration() {
    return migration;
  }

  /** Marks a migration in flight: writes record their lowest offset from now on. */
  void start(Migration m) {
    migration = m;
    DIRTY_FROM.setVolatile(this, Long.MAX_VALUE);
    migrating = true;
  }

  /** Ends the migration in flight's tracking, if {@code m} is it. */
  void end(Migration m) {
    if (migration == m) {
      migration = null;
      migrating = false;
      DIRTY_FROM.setVolatile(this, Long.MAX_VALUE);
    }
  }
}
