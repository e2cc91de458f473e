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
package dev.mixchannel.testkit.tier;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.channels.FileChannel;
import org.junit.jupiter.api.Test;

/**
 * A tier closed and opened again on the same directory holds what it held: the same complete keys
 * with the same bytes, the same incomplete keys (publishable, with their bytes) and the same used
 * bytes. A clean close loses nothing, forced or not.
 */
abstract class TierRestartContract extends TierContractBase {

  @Test
  void shouldHoldNothingWhenEmptyTierReopened() throws IOException {
    restart();
    assertThat(tier.keys()).isEmpty();
    assertThat(tier.incompleteKeys()).isEmpty();
    assertThat(tier.usedBytes()).isZero();
  }

  @Test
  void shouldRestoreKeysBytesAndIncompleteKeysWhenReopenedFromDisk() throws IOException {
    put("empty.log", new byte[0]);
    put("one.log", bytes(1, 1));
    put(KEY, bytes(4097, 2));
    put("deep/a/b/large.log", bytes(300 * KIB, 3));
    try (FileChannel channel =
        tier.open("prealloc.log", options(CREATE, READ, WRITE, SizeHint.preallocate(5000)))) {
      write(channel, bytes(10, 4), 100);
    }
    put("deleted.log", bytes(10, 5));
    tier.delete("deleted.log");
    put("replaced.log", bytes(10, 6));
    try (FileChannel renamed = create("renamed-from.log", bytes(700, 7))) {
      tier.rename("renamed-from.log", "renamed-to.log");
      write(renamed, bytes(100, 8), 700);
    }
    put("replacing.log", bytes(20, 9));
    tier.rename("replacing.log", "replaced.log");
    try (FileChannel published = createIncomplete("published.log", bytes(2000, 10))) {
      tier.publish("published.log");
      write(published, bytes(10, 11), 2000);
    }
    createIncomplete("discarded.log", bytes(10, 12)).close();
    tier.discardIncomplete("discarded.log");
    byte[] incompleteBytes = bytes(3000, 13);
    FileChannel leftOpen = createIncomplete(OTHER, incompleteBytes);
    FileChannel writer = tier.open(TOP, options(CREATE, READ, WRITE));
    write(writer, bytes(123, 14), 0);

    TierContents before = snapshot();
    long usedBefore = tier.usedBytes();
    assertThat(before.incompleteKeys()).containsExactly(OTHER);
    // The two channels are still open: closing the tier closes them.
    restart();

    assertThat(snapshot()).isEqualTo(before);
    assertThat(tier.usedBytes()).isEqualTo(usedBefore);
    assertThat(tier.exists("deleted.log")).isFalse();
    tier.publish(OTHER);
    assertThat(read(OTHER)).isEqualTo(incompleteBytes);
  }

  @Test
  void shouldAllowEveryOperationWhenReopened() throws IOException {
    put(KEY, bytes(100, 15));
    createIncomplete(OTHER, bytes(100, 16)).close();
    restart();
    try (FileChannel channel = tier.open(KEY, options(READ, WRITE))) {
      write(channel, bytes(10, 17), 100);
    }
    tier.rename(KEY, TOP);
    assertThat(tier.discardIncomplete(OTHER)).isTrue();
    createIncomplete(OTHER, bytes(5, 18)).close();
    tier.publish(OTHER);
    assertThat(tier.delete(TOP)).isTrue();
    put(KEY, bytes(1, 19));
    StorageTier reopened = restart();
    assertThat(reopened.keys()).containsExactlyInAnyOrder(KEY, OTHER);
    assertThat(read(OTHER)).isEqualTo(bytes(5, 18));
    assertThat(reopened.incompleteKeys()).isEmpty();
  }
}
