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
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.verify;

import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code TierManager.Builder.tierWrapper}: every tier passes through it, failures close it. */
class TierWrapperTest {

  @TempDir Path dir;

  @Test
  void shouldUseTheWrappedTierWhenAWrapperIsSet() throws IOException {
    List<String> seen = new ArrayList<>();
    List<StorageTier> wrapped = new ArrayList<>();
    try (TierManager manager =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
            .startMigrator(false)
            .tierWrapper(
                tier -> {
                  seen.add(tier.name());
                  StorageTier s = spy(tier);
                  wrapped.add(s);
                  return s;
                })
            .build()) {
      try (MixChannel ch = manager.open("a.log", CREATE, WRITE)) {
        ch.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
      }
      manager.migrate("a.log", "t1");

      assertThat(seen).containsExactly("t0", "t1");
      verify(wrapped.get(0), atLeastOnce()).open(eq("a.log"), any());
      verify(wrapped.get(1)).createIncomplete(eq("a.log"), any());
      assertThat(Files.size(dir.resolve("t1").resolve("a.log"))).isEqualTo(3);
    }
  }

  @Test
  void shouldCloseTheTierAndFailWhenTheWrapperThrows() {
    List<StorageTier> given = new ArrayList<>();
    TierManager.Builder builder =
        TierManager.builder(TestConfigs.fileTiers(dir, -1).build())
            .startMigrator(false)
            .tierWrapper(
                tier -> {
                  given.add(tier);
                  throw new IllegalStateException("wrapper failed: tier=" + tier.name());
                });

    assertThatThrownBy(builder::build).hasMessageContaining("wrapper failed: tier=t0");
    assertThatThrownBy(() -> given.get(0).keys()).isInstanceOf(IllegalStateException.class);
  }
}
