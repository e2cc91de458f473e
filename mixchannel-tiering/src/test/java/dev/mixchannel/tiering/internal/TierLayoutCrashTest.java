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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.api.TierLayoutException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash after any marker write of {@link TierLayout#record} leaves markers the next open accepts
 * (a kill between two writes is not a lost directory), and the open after it records the whole
 * layout; a marker removed from a recorded directory is still refused.
 */
class TierLayoutCrashTest {

  @TempDir Path root;

  private MixChannelConfig config(String... dirs) throws IOException {
    MixChannelConfig.Builder b = MixChannelConfig.builder().migrationThreshold(-1);
    TierKind[] kinds = {TierKind.NVME, TierKind.SSD, TierKind.HDD};
    for (int i = 0; i < dirs.length; i++) {
      b.tier(dirs[i], kinds[i], -1, Files.createDirectories(root.resolve(dirs[i])));
    }
    return b.build();
  }

  /** The crash: every marker write up to the {@code n}-th happens, then the process dies. */
  private static TierLayout.MarkerWrite crashAfter(int n) {
    int[] left = {n};
    return (marker, directory) -> {
      if (left[0]-- <= 0) {
        throw new IOException("killed after " + n + " marker writes");
      }
      marker.write(directory);
    };
  }

  private static int recordCrashing(MixChannelConfig config, int writes) throws IOException {
    try {
      TierLayout.check(config, false).record(crashAfter(writes));
      return writes;
    } catch (IOException e) {
      assertThat(e).hasMessageStartingWith("killed after");
      return -1;
    }
  }

  @Test
  void shouldOpenAfterACrashAtEveryMarkerWriteOfAFirstStart() throws IOException {
    for (int writes = 0; ; writes++) {
      Path dir = root.resolve("first-" + writes);
      Files.createDirectories(dir);
      root = dir;
      MixChannelConfig config = config("a", "b");
      boolean done = recordCrashing(config, writes) >= 0;
      TierLayout.check(config, false).record();
      TierLayout.check(config, false);
      assertThat(LayoutMarker.read(root.resolve("a"))).isPresent();
      assertThat(LayoutMarker.read(root.resolve("b"))).isPresent();
      root = dir.getParent();
      if (done) {
        return;
      }
    }
  }

  @Test
  void shouldOpenAfterACrashAtEveryMarkerWriteOfAnAddedDirectory() throws IOException {
    for (int writes = 0; ; writes++) {
      Path dir = root.resolve("added-" + writes);
      Files.createDirectories(dir);
      root = dir;
      TierLayout.check(config("a", "b"), false).record();
      MixChannelConfig three = config("a", "b", "c");
      boolean done = recordCrashing(three, writes) >= 0;
      TierLayout.check(three, false).record();
      TierLayout.check(three, false);
      Files.delete(root.resolve("c").resolve(LayoutMarker.FILE_NAME));
      assertThatThrownBy(() -> TierLayout.check(three, false))
          .isInstanceOf(TierLayoutException.class)
          .hasMessageContaining("tier=c");
      root = dir.getParent();
      if (done) {
        return;
      }
    }
  }
}
