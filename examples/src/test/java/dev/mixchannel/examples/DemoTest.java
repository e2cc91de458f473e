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
package dev.mixchannel.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoTest {

  @TempDir Path root;
  String out;
  String err;

  private int demo(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int code = Demo.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
    out = o.toString();
    err = e.toString();
    return code;
  }

  @Test
  void shouldReadEveryRecordBackAndCleanUpWhenRunBriefly() throws IOException {
    Path pmem = Files.createDirectory(root.resolve("pmem"));
    Path disk = root.resolve("disk");
    Path chart = root.resolve("chart.png");
    int code =
        demo(
            "--duration", "2s",
            "--capacity", "64m",
            "--pmem-dir", pmem.toString(),
            "--disk-dir", disk.toString(),
            "--chart", chart.toString());
    assertThat(code).as("out: %s%nerr: %s", out, err).isZero();
    assertThat(out)
        .contains("pmem tier  64 MiB at " + pmem)
        .contains("checksum failures: 0")
        .contains("data         removed")
        .contains("RESULT: OK");
    assertThat(Files.readAllBytes(chart)).startsWith(0x89, 'P', 'N', 'G');
    try (Stream<Path> left = Files.list(pmem)) {
      assertThat(left).isEmpty();
    }
    assertThat(disk).doesNotExist();
  }

  @Test
  void shouldExitTwoWithAClearMessageWhenAFlagIsBad() {
    assertThat(demo("--bogus")).isEqualTo(2);
    assertThat(err).contains("Unknown option: '--bogus'").contains("Usage: mixchannel-demo");
    assertThat(demo("--threshold", "1.5")).isEqualTo(2);
    assertThat(err).contains("--threshold must be a fraction from 0 to 1, or -1");
    assertThat(demo("--capacity", "1m")).isEqualTo(2);
    assertThat(err).contains("--capacity must be at least 64m");
    assertThat(demo("--duration", "soon")).isEqualTo(2);
    assertThat(err).contains("'soon' is not a duration");
    assertThat(demo("--pmem-dir", root.resolve("missing").toString())).isEqualTo(2);
    assertThat(err).contains("--pmem-dir is not a directory");
    assertThat(demo("--pmem-dir", root.toString(), "--capacity", "1000000g")).isEqualTo(2);
    assertThat(err).contains("--pmem-dir has no room for the capacity");
  }

  @Test
  void shouldExplainEveryFlagWhenAskedForHelp() {
    assertThat(demo("--help")).isZero();
    assertThat(out)
        .contains("--pmem-dir", "--disk-dir", "--capacity", "--threshold", "--duration")
        .contains("--burst", "--chart", "--keep", "Exit codes")
        .contains("Default: 40% of")
        .doesNotContain("%%");
  }
}
