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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A held lock asked for its validity while a migration moves it: the migration publishes the new
 * backing lock and releases the old one between the asker's read of the old lock and its question
 * to it. The lock was held throughout, so the answer must be yes (a one-off failure of
 * LockValidityUnderMigrationTest under load, made deterministic here).
 */
class HandleLockMoveTest {
  @TempDir Path dir;

  @Test
  void shouldAnswerValidWhenTheLockMovesWhileAsked() throws Exception {
    try (TierManager m = manager();
        FileChannel h = m.open("k", CREATE, READ, WRITE)) {
      MixChannelImpl handle = (MixChannelImpl) h;
      MovesWhenAsked old = new MovesWhenAsked(h);
      HandleLock lock = new HandleLock(handle, old);
      old.move(lock, new Stub(h, true));

      assertThat(lock.isValid()).as("a lock moved while asked").isTrue();
      assertThat(old.moved).as("the move ran inside the question").isTrue();
    }
  }

  @Test
  void shouldAnswerInvalidWhenTheCurrentLockIsGone() throws Exception {
    try (TierManager m = manager();
        FileChannel h = m.open("k", CREATE, READ, WRITE)) {
      HandleLock lock = new HandleLock((MixChannelImpl) h, new Stub(h, false));

      assertThat(lock.isValid()).as("a lock whose backing lock is gone").isFalse();
    }
  }

  private TierManager manager() throws IOException {
    MixChannelConfig config =
        MixChannelConfig.builder()
            .migrationThreshold(-1)
            .tier("t0", TierKind.SSD, -1, dir.resolve("t0"))
            .build();
    return TierManager.builder(config).startMigrator(false).build();
  }

  /** A backing lock that is valid or not, as told. */
  private static class Stub extends FileLock {
    boolean valid;

    Stub(FileChannel channel, boolean valid) {
      super(channel, 0, 10, false);
      this.valid = valid;
    }

    @Override
    public boolean isValid() {
      return valid;
    }

    @Override
    public void release() {
      valid = false;
    }
  }

  /**
   * An old backing lock asked for its validity just as a migration moves its owner: the move
   * (publish the new lock, release this one) runs inside the question, which then answers no.
   */
  private static final class MovesWhenAsked extends Stub {
    private HandleLock owner;
    private FileLock next;
    boolean moved;

    MovesWhenAsked(FileChannel channel) {
      super(channel, true);
    }

    void move(HandleLock owner, FileLock next) {
      this.owner = owner;
      this.next = next;
    }

    @Override
    public boolean isValid() {
      if (!moved && owner != null) {
        moved = true;
        HandleLock.moveAll(Map.of(owner, next));
      }
      return valid;
    }
  }
}
