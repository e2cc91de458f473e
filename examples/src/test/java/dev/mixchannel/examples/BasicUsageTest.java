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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BasicUsageTest {

  @TempDir Path work;

  @Test
  void shouldWriteReadForceAndMoveWhenRun() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BasicUsage.run(work, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("wrote 27 bytes to orders-0/00000000000000000000.log on tier pmem (PMEM)")
        .contains("read back: first record\nsecond record")
        .contains("moved to tier disk; the open channel still works: size=27")
        .contains("migrationsDown=1");
  }
}
