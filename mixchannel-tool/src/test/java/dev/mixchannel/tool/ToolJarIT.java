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
package dev.mixchannel.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.packaging.ShadedJarCheck;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The built tool jar (failsafe runs this after {@code package}): it names its version, and it may
 * be redistributed, because it carries MixChannel's licence and notice and the licence of every
 * artifact it bundles.
 */
class ToolJarIT {

  private static final Path JAR = Path.of(System.getProperty("mixchannel.shaded.jar"));

  /** What the jar bundles, and where its classes are. */
  private static final Map<String, String> BUNDLED =
      Map.of(
          "com.intel.pmem:llpl", "com/intel/pmem/llpl/",
          "org.hdrhistogram:HdrHistogram", "org/HdrHistogram/",
          "info.picocli:picocli", "picocli/",
          "org.slf4j:slf4j-api", "org/slf4j/",
          "org.slf4j:slf4j-simple", "org/slf4j/simple/");

  @Test
  void shouldCarryTheLicenceOfEveryArtifactItBundles() throws IOException {
    assertThat(ShadedJarCheck.licenceProblems(JAR, BUNDLED)).isEmpty();
  }

  @Test
  void shouldNameItsVersion() throws IOException {
    assertThat(
            ShadedJarCheck.versionProblems(JAR, System.getProperty("mixchannel.project.version")))
        .isEmpty();
  }

  @Test
  void shouldPrintItsVersionWhenRunWithVersion() throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process =
        new ProcessBuilder(java.toString(), "-jar", JAR.toString(), "--version")
            .redirectErrorStream(true)
            .start();
    String output;
    try (InputStream in = process.getInputStream()) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } finally {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
    assertThat(output.trim())
        .isEqualTo("mixchannel-tool " + System.getProperty("mixchannel.project.version"));
    assertThat(process.exitValue()).isZero();
  }
}
