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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.file.FileTier;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tier may remove the key a rename replaces before it renames (a file tier does when the two keys
 * are in different directories); when the rename then fails, the manager follows the tier: the
 * replaced key is gone, the renamed one is still under its old name with its bytes.
 */
class RenameReplacedFirstTest {

  @TempDir Path dir;
  private TierManager manager;

  @AfterEach
  void close() throws IOException {
    if (manager != null) {
      manager.close();
    }
  }

  @Test
  void shouldForgetTheReplacedKeyWhenTheTierRemovedItBeforeTheRenameFailed() throws IOException {
    manager =
        TierManager.builder(TestConfigs.fileTiers(dir, -1).build())
            .startMigrator(false)
            .tierOpener((tier, c) -> new RemovesTargetThenFails(FileTier.open(tier)))
            .build();
    byte[] source = Bytes.random(1, 4096);
    try (MixChannel ch = manager.open("source", CREATE, WRITE)) {
      Bytes.writeFully(ch, source, 0);
    }
    try (MixChannel ch = manager.open("target", CREATE, WRITE)) {
      Bytes.writeFully(ch, Bytes.random(2, 100), 0);
    }

    assertThatThrownBy(() -> manager.rename("source", "target"))
        .hasMessageContaining("injected move failure");

    assertThat(manager.keys()).containsExactly("source");
    assertThat(manager.exists("target")).isFalse();
    assertThatThrownBy(() -> manager.open("target", READ)).isInstanceOf(NoSuchFileException.class);
    try (MixChannel ch = manager.open("source", READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(source);
    }
  }

  /** A tier whose rename removes the replaced key, then fails before it moves the source. */
  private static final class RemovesTargetThenFails extends ForwardingStorageTier {
    RemovesTargetThenFails(StorageTier delegate) {
      super(delegate);
    }

    @Override
    public void rename(String from, String to) throws IOException {
      delegate().delete(to);
      throw new IOException("injected move failure after the replaced key was removed");
    }
  }
}
