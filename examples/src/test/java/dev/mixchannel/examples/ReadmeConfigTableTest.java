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

import dev.mixchannel.api.ConfigKey;
import dev.mixchannel.api.ConfigKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's configuration reference lists every key of {@link ConfigKeys#ALL} with its default,
 * in order: the first table holds the {@code mixchannel.*} family, the second Pafka's keys. On a
 * mismatch the failure shows the rows the README should have.
 */
class ReadmeConfigTableTest {

  private static final Path README = Path.of("..", "README.md");

  /** One table row: key, default, family. */
  record Row(String key, String defaultValue, boolean pafka) {}

  @Test
  void shouldListEveryConfigKeyWithItsDefaultWhenComparedWithTheCode() throws IOException {
    List<Row> expected = new ArrayList<>();
    StringBuilder markdown = new StringBuilder();
    for (ConfigKey k : ConfigKeys.ALL) {
      expected.add(new Row(k.key(), k.defaultValue(), k.pafka()));
      markdown.append(
          String.format("| `%s` | %s | %s |%n", k.key(), cell(k.defaultValue()), k.description()));
    }
    assertThat(readmeRows())
        .as("README.md configuration tables; the code's keys as rows:%n%s", markdown)
        .containsExactlyElementsOf(expected);
  }

  private static String cell(String defaultValue) {
    return defaultValue.startsWith("(") || defaultValue.contains(" ")
        ? defaultValue
        : "`" + defaultValue + "`";
  }

  private static List<Row> readmeRows() throws IOException {
    List<String> lines = Files.readAllLines(README);
    int start = lines.indexOf("## Configuration");
    assertThat(start).as("a '## Configuration' section in README.md").isNotNegative();
    List<Row> rows = new ArrayList<>();
    int table = -1;
    boolean inTable = false;
    for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
      String line = lines.get(i).trim();
      if (!line.startsWith("|")) {
        inTable = false;
        continue;
      }
      if (!inTable) {
        inTable = true;
        table++;
      }
      String[] cells = line.substring(1, line.length() - 1).split("\\|", -1);
      String key = cells[0].trim();
      if (!key.startsWith("`")) {
        continue; // header or separator row
      }
      rows.add(new Row(strip(key), strip(cells[1].trim()), table == 1));
    }
    assertThat(table).as("two configuration tables (mixchannel.*, then Pafka)").isEqualTo(1);
    return rows;
  }

  private static String strip(String cell) {
    return cell.replace("`", "");
  }
}
