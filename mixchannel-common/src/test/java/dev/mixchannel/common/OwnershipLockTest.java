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
package dev.mixchannel.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.StorageInUseException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnershipLockTest {

  @TempDir Path dir;

  @Test
  void shouldRefuseASecondOwnerInThisProcessWithoutDroppingTheFirstLock() throws Exception {
    Path file = dir.resolve("owned");
    try (OwnershipLock first = OwnershipLock.acquire(file, "test file")) {
      assertThatThrownBy(() -> OwnershipLock.acquire(file, "test file"))
          .isInstanceOf(StorageInUseException.class)
          .hasMessageContaining("holder=this process")
          .hasMessageContaining(file.toString());

      assertThat(first.channel().isOpen()).isTrue();
      assertThat(lockedByAnotherProcess(file)).isTrue();
    }
    assertThat(lockedByAnotherProcess(file)).isFalse();
  }

  @Test
  void shouldBeReacquirableAfterCloseAndRemoveItsMarker() throws IOException {
    Path file = dir.resolve("owned");
    OwnershipLock first = OwnershipLock.acquire(file, "test file");
    first.close();
    first.close();
    try (OwnershipLock again = OwnershipLock.acquire(file, "test file")) {
      assertThat(again.file()).isEqualTo(file);
    }
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("owned");
    }
  }

  @Test
  void shouldTreatAMarkerOfAnEarlierProcessAsStale() throws IOException {
    Path file = dir.resolve("owned");
    Path marker = dir.resolve("owned.owner-" + ProcessHandle.current().pid());
    Files.writeString(marker, "1970-01-01T00:00:00Z");
    Files.writeString(dir.resolve("owned.owner-999999999"), "dead");

    try (OwnershipLock lock = OwnershipLock.acquire(file, "test file")) {
      assertThat(Files.readString(marker)).isNotEqualTo("1970-01-01T00:00:00Z");
      assertThat(dir.resolve("owned.owner-999999999")).doesNotExist();
    }
  }

  /** Tries the lock from a child JVM: the only honest view of what other processes see. */
  private static boolean lockedByAnotherProcess(Path file) throws Exception {
    Path probe = file.resolveSibling("Probe.java");
    Files.writeString(
        probe,
        "import java.nio.channels.*; import java.nio.file.*;"
            + " public class Probe { public static void main(String[] a) throws Exception {"
            + " try (FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.WRITE)) {"
            + " FileLock l = c.tryLock(); System.exit(l == null ? 3 : 0); } } }");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                probe.toString(),
                file.toString())
            .inheritIO()
            .start();
    try {
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
      Files.deleteIfExists(probe);
    }
    return p.exitValue() == 3;
  }
}
