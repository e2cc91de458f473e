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

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of a manager in cases that hang on a deadlock: the test body (channels opened and closed
 * inside it) and closing the manager each run on a thread of their own for at most {@link #BOUND},
 * so a deadlock fails the test instead of hanging the build; what hung is left behind.
 */
abstract class BoundedManagerTestBase {
  static final Duration BOUND = Duration.ofSeconds(20);
  static final int KIB = 1 << 10;
  static final int MIB = 1 << 20;

  @TempDir Path dir;
  final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  TierManager manager;

  @AfterEach
  void closeManager() throws IOException {
    try {
      if (manager != null) {
        assertTimeoutPreemptively(BOUND, manager::close, "closing the manager hung");
      }
    } finally {
      shm.close();
    }
  }

  /** Runs a test body for at most {@link #BOUND}: after a deadlock, closing channels hangs too. */
  static void bounded(Executable body) {
    assertTimeoutPreemptively(BOUND, body, "hung: a deadlock on the key's own lock?");
  }
}
