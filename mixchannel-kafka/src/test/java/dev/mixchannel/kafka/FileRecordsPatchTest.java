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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code docs/kafka/filerecords.patch} applies to the {@code FileRecords.java} of real Kafka
 * releases (unpacked from their sources jars by the build): before and after the class moved to
 * {@code record.internal}; {@code docs/kafka/remotelogmanager.patch} to their {@code
 * RemoteLogManager.java}; {@code docs/kafka/metaproperties.patch} to their {@code
 * MetaPropertiesVersion.java}.
 */
class FileRecordsPatchTest {

  @ParameterizedTest
  @CsvSource({
    "4.1.1, org/apache/kafka/common/record/FileRecords.java",
    "4.3.1, org/apache/kafka/common/record/internal/FileRecords.java"
  })
  void shouldApplyPatchWhenSourcesAreThoseOfARelease(String version, String path) throws Exception {
    Path patch = Path.of(System.getProperty("mixchannel.kafka.patch"));
    Path source = Path.of(System.getProperty("mixchannel.kafka.sources"), version, path);
    String output = dryRun(patch, source);
    assertThat(output).doesNotContain("FAILED").doesNotContain("rejects");
    assertThat(Files.readString(patch)).contains("KafkaChannelFactory.openChannel(");
  }

  @ParameterizedTest
  @CsvSource({
    "mixchannel.kafka.rlm.patch, 4.1.1, org/apache/kafka/server/log/remote/storage/RemoteLogManager.java, KafkaChannelFactory.beforeRemoteCopy(segment)",
    "mixchannel.kafka.rlm.patch, 4.3.1, org/apache/kafka/server/log/remote/storage/RemoteLogManager.java, KafkaChannelFactory.beforeRemoteCopy(segment)",
    "mixchannel.kafka.meta.patch, 4.1.1, org/apache/kafka/metadata/properties/MetaPropertiesVersion.java, KafkaChannelFactory.acceptMark(numberString",
    "mixchannel.kafka.meta.patch, 4.3.1, org/apache/kafka/metadata/properties/MetaPropertiesVersion.java, KafkaChannelFactory.acceptMark(numberString"
  })
  void shouldApplyOtherPatchesWhenSourcesAreThoseOfARelease(
      String patchProperty, String version, String path, String call) throws Exception {
    Path patch = Path.of(System.getProperty(patchProperty));
    Path source = Path.of(System.getProperty("mixchannel.kafka.sources"), version, path);
    String output = dryRun(patch, source);
    assertThat(output).doesNotContain("FAILED").doesNotContain("rejects");
    assertThat(Files.readString(patch)).contains(call);
  }

  private static String dryRun(Path patch, Path source) throws Exception {
    assumeTrue(new File("/usr/bin/patch").canExecute(), "the patch command is not installed");
    assertThat(source).exists();
    Process dryRun =
        new ProcessBuilder("/usr/bin/patch", "--dry-run", "--force", source.toString())
            .redirectInput(patch.toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(dryRun.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(dryRun.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(dryRun.exitValue()).as(output).isZero();
    return output;
  }
}
