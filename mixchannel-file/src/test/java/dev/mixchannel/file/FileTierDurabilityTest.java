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
package dev.mixchannel.file;

import static dev.mixchannel.file.TierTestSupport.CREATE_RW;
import static dev.mixchannel.file.TierTestSupport.RW;
import static dev.mixchannel.file.TierTestSupport.config;
import static dev.mixchannel.file.TierTestSupport.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.api.SizeHint;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each namespace change syncs the directories whose entries it changed, before returning. */
class FileTierDurabilityTest {

  @TempDir Path tempDir;

  private final TierTestSupport.RecordingSync sync = new TierTestSupport.RecordingSync();

  @Test
  void shouldSyncParentWhenCreatingTopLevelKey() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir), sync)) {
      tier.open("k", CREATE_RW).close();
      assertThat(sync.take()).containsExactly(tempDir);
      tier.open("k", CREATE_RW).close();
      tier.open("k", RW).close();
      assertThat(sync.take()).isEmpty();
    }
  }

  @Test
  void shouldSyncEveryChangedDirectoryWhenCreatingNestedKey() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir), sync)) {
      tier.open("a/b/c", CREATE_RW).close();
      assertThat(sync.take())
          .containsExactly(tempDir.resolve("a/b"), tempDir.resolve("a"), tempDir);
      tier.open("a/b/d", CREATE_RW).close();
      assertThat(sync.take()).containsExactly(tempDir.resolve("a/b"));
      tier.createIncomplete("a/x/y", SizeHint.NONE).close();
      assertThat(sync.take()).containsExactly(tempDir.resolve("a/x"), tempDir.resolve("a"));
    }
  }

  @Test
  void shouldSyncBothParentsWhenRenaming() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir), sync)) {
      tier.open("p/k", CREATE_RW).close();
      tier.open("q/other", CREATE_RW).close();
      sync.take();
      tier.rename("p/k", "q/k");
      // p became empty and was removed, so its parent holds the last change on the source side.
      assertThat(sync.take()).containsExactlyInAnyOrder(tempDir.resolve("q"), tempDir);
      tier.rename("q/k", "q/k2");
      assertThat(sync.take()).containsExactly(tempDir.resolve("q"));
    }
  }

  @Test
  void shouldSyncParentWhenDeletingPublishingAndDiscarding() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir), sync)) {
      tier.open("d/k", CREATE_RW).close();
      tier.open("d/keep", CREATE_RW).close();
      tier.createIncomplete("d/m", SizeHint.NONE).close();
      tier.createIncomplete("d/n", SizeHint.NONE).close();
      sync.take();
      tier.delete("d/k");
      assertThat(sync.take()).containsExactly(tempDir.resolve("d"));
      tier.publish("d/m");
      assertThat(sync.take()).containsExactly(tempDir.resolve("d"));
      tier.discardIncomplete("d/n");
      assertThat(sync.take()).containsExactly(tempDir.resolve("d"));
      tier.delete("d/m");
      tier.delete("d/keep");
      assertThat(sync.take()).containsExactly(tempDir.resolve("d"), tempDir);
    }
  }

  /**
   * A rename onto a key of another directory removes that copy first, durably: at every directory
   * sync (each a point a crash can stop at) the tier holds at most one copy of the target and the
   * source's bytes are under one of the two names.
   */
  @Test
  void shouldNeverHoldTwoCopiesOfARenameTargetInTwoDirectories() throws IOException {
    Path dir1 = tempDir.resolve("d1");
    Path dir2 = tempDir.resolve("d2");
    List<String> states = new ArrayList<>();
    boolean[] armed = {false};
    DirectorySync probe =
        directory -> {
          if (armed[0]) {
            boolean oldTarget = Files.exists(dir1.resolve("x/target"));
            boolean newTarget = Files.exists(dir2.resolve("x/target"));
            boolean source = Files.exists(dir2.resolve("source"));
            states.add(oldTarget + "/" + newTarget + "/" + source);
          }
        };
    try (FileTier tier = FileTier.open(config(-1, dir1, dir2), probe)) {
      assumeTrue(Files.getFileStore(dir1).equals(Files.getFileStore(dir2)), "one file store");
      try (FileChannel target = tier.open("x/target", CREATE_RW)) {
        write(target, "old target bytes");
      }
      try (FileChannel source = tier.open("source", CREATE_RW)) {
        write(source, "source");
      }
      assertThat(dir1.resolve("x/target")).exists();
      assertThat(dir2.resolve("source")).exists();
      armed[0] = true;
      tier.rename("source", "x/target");
    }
    assertThat(states).isNotEmpty();
    assertThat(states)
        .as("old target / new target / source at each sync")
        .first()
        .isEqualTo("false/false/true");
    assertThat(states).allMatch(state -> !state.startsWith("true/true"));
    assertThat(states).allMatch(state -> !state.endsWith("false/false"));
  }

  @Test
  void shouldSyncWithoutErrorWhenUsingTheRealDirectorySync() throws IOException {
    new FsyncDirectorySync().sync(tempDir);
  }
}
