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

import dev.mixchannel.api.MigrationException;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A factory whose manager has two tiers and a thread that keeps migrating every key back and forth
 * between them while the suite runs. Closing it stops the thread and fails when a migration failed
 * for any reason other than the key disappearing (deleted, renamed or spilled meanwhile) or the
 * target having no room. The suites' lock and interrupt steps run against it like any other (the
 * locks of a key follow it from tier to tier, and an interrupt on one handle leaves them held).
 */
final class ChaosChannelFactory extends ManagerChannelFactory {
  private final String[] tiers;
  private final Thread mover;
  private final AtomicLong migrations = new AtomicLong();
  private final List<Throwable> failures = new CopyOnWriteArrayList<>();
  private volatile boolean stop;

  ChaosChannelFactory(
      TierManager manager, String firstTier, String secondTier, AutoCloseable... also) {
    super(manager, also);
    this.tiers = new String[] {firstTier, secondTier};
    this.mover = new Thread(this::moveForever, "chaos-mover");
    mover.setDaemon(true);
    mover.start();
  }

  private void moveForever() {
    while (!stop) {
      List<String> keys = manager.keys();
      if (keys.isEmpty()) {
        Thread.onSpinWait();
        continue;
      }
      for (String key : keys) {
        if (stop) {
          return;
        }
        try {
          String target = manager.tierOf(key).equals(tiers[0]) ? tiers[1] : tiers[0];
          manager.migrate(key, target);
          migrations.incrementAndGet();
        } catch (NoSuchFileException e) {
          // deleted meanwhile
        } catch (MigrationException e) {
          if (!expected(e)) {
            failures.add(e);
          }
        } catch (IllegalStateException e) {
          return;
        } catch (IOException | RuntimeException e) {
          failures.add(e);
        }
      }
    }
  }

  /**
   * A migration may be rolled back for want of room on the target (a small pool) or because the key
   * was renamed, deleted or spilled meanwhile; anything else is a failure.
   */
  private static boolean expected(MigrationException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TierFullException) {
        return true;
      }
    }
    return e.getCause() == null && String.valueOf(e.getMessage()).startsWith("migration cancelled");
  }

  long migrations() {
    return migrations.get();
  }

  @Override
  public void close() throws IOException {
    stop = true;
    try {
      mover.join(TimeUnit.SECONDS.toMillis(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    super.close();
    if (!failures.isEmpty()) {
      IOException e = new IOException("chaos migrations failed: count=" + failures.size());
      failures.forEach(e::addSuppressed);
      throw e;
    }
  }
}
