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
package dev.mixchannel.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.packaging.ShadedJarCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The built agent jar (failsafe runs this after {@code package}): it names its version, and it may
 * be redistributed, because it carries MixChannel's licence and notice and the licence of every
 * artifact it bundles.
 */
class AgentJarIT {

  private static final Path JAR = Path.of(System.getProperty("mixchannel.shaded.jar"));

  /** What the jar bundles, and where its classes are. */
  private static final Map<String, String> BUNDLED =
      Map.of(
          "com.intel.pmem:llpl", "com/intel/pmem/llpl/",
          "org.hdrhistogram:HdrHistogram", "dev/mixchannel/kafka/shaded/hdrhistogram/",
          "info.picocli:picocli", "dev/mixchannel/kafka/shaded/picocli/",
          "net.bytebuddy:byte-buddy", "dev/mixchannel/kafka/shaded/bytebuddy/");

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
}
