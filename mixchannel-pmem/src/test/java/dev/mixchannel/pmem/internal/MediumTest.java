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
package dev.mixchannel.pmem.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a pool directory's mount makes of {@code PMEM_IS_PMEM_FORCE=1}. */
class MediumTest {

  private static final List<String> MOUNTS =
      List.of(
          "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard",
          "25 22 0:21 / /dev/shm rw,nosuid,nodev shared:3 - tmpfs tmpfs rw",
          "30 22 259:1 / /mnt/pmem0 rw,relatime shared:9 - ext4 /dev/pmem0 rw,dax=always",
          "31 22 259:2 / /mnt/pmem1 rw,relatime,dax shared:10 - xfs /dev/pmem1 rw",
          "32 22 0:40 / /mnt/ram rw shared:11 - ramfs ramfs rw");

  @Test
  void shouldIgnoreTheForceSwitchOnADiskWithoutDax() {
    Medium medium = Medium.detect(Path.of("/var/lib/pool"), MOUNTS, true);
    assertThat(medium.cacheFlushDurable()).isFalse();
    assertThat(medium.pmemForceIgnored()).isTrue();
  }

  @Test
  void shouldFlushCachesWithTheForceSwitchOnTmpfsAndRamfs() {
    for (String dir : List.of("/dev/shm/pool", "/mnt/ram/pool")) {
      Medium medium = Medium.detect(Path.of(dir), MOUNTS, true);
      assertThat(medium.cacheFlushDurable()).as(dir).isTrue();
      assertThat(medium.pmemForceIgnored()).as(dir).isFalse();
    }
  }

  @Test
  void shouldUseMsyncOnTmpfsWithoutTheForceSwitch() {
    Medium medium = Medium.detect(Path.of("/dev/shm/pool"), MOUNTS, false);
    assertThat(medium.cacheFlushDurable()).isFalse();
    assertThat(medium.pmemForceIgnored()).isFalse();
  }

  @Test
  void shouldFlushCachesOnADaxMountWithOrWithoutTheSwitch() {
    for (String dir : List.of("/mnt/pmem0/mixchannel", "/mnt/pmem1")) {
      for (boolean forced : new boolean[] {false, true}) {
        Medium medium = Medium.detect(Path.of(dir), MOUNTS, forced);
        assertThat(medium.dax()).as(dir).isTrue();
        assertThat(medium.cacheFlushDurable()).as(dir).isTrue();
        assertThat(medium.pmemForceIgnored()).as(dir).isFalse();
      }
    }
  }
}
