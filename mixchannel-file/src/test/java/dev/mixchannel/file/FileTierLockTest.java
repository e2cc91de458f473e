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

import static dev.mixchannel.file.TierTestSupport.config;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.StorageInUseException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ownership of a tier directory against another process. */
class FileTierLockTest {

  @TempDir Path tempDir;

  @Test
  void shouldFailWithStorageInUseWhenAnotherProcessHoldsTheDirectory() throws Exception {
    Path dir = Files.createDirectories(tempDir.resolve("held"));
    String java = ProcessHandle.current().info().command().orElse("java");
    Process holder =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                ExternalLockHolder.class.getName(),
                dir.toString())
            .redirectErrorStream(true)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertThat(out.readLine()).isEqualTo("locked");
      assertThatThrownBy(() -> FileTier.open(config(-1, tempDir.resolve("free"), dir)))
          .isInstanceOf(StorageInUseException.class)
          .hasMessageContaining("another process")
          .hasMessageContaining(dir.toString());
    } finally {
      holder.getOutputStream().close();
      if (!holder.waitFor(10, TimeUnit.SECONDS)) {
        holder.destroyForcibly();
      }
    }
    try (FileTier tier = FileTier.open(config(-1, tempDir.resolve("free"), dir))) {
      assertThat(tier.keys()).isEmpty();
    }
  }
}
