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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps docs/troubleshooting.md complete, as {@link ReadmeConfigTableTest} keeps the README's
 * configuration tables: every WARN and ERROR message pattern that the main sources of the published
 * modules log (a string literal, or literals joined by {@code +}, as the first argument of a {@code
 * warn(} or {@code error(} call) is a row of the page at its level, and every row of the page is a
 * message some code logs.
 */
class TroubleshootingPageTest {
  private static final Path ROOT = Path.of("..");
  private static final Path PAGE = ROOT.resolve("docs/troubleshooting.md");

  private static final Pattern CALL =
      Pattern.compile("(?:LOG|log\\(\\))\\s*\\.\\s*(warn|error)\\(\\s*");
  private static final Pattern LITERALS =
      Pattern.compile("((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*\\+?\\s*)+)");
  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern ROW = Pattern.compile("(?m)^\\| (WARN|ERROR) \\| `([^`]+)` \\|");

  @Test
  void shouldListEveryWarnAndErrorTheCodeLogs() throws IOException {
    Set<String> logged = new TreeSet<>();
    List<String> notLiteral = new ArrayList<>();
    for (Path source : mainSources()) {
      String text = Files.readString(source);
      Matcher call = CALL.matcher(text);
      while (call.find()) {
        Matcher literals = LITERALS.matcher(text).region(call.end(), text.length());
        if (!literals.lookingAt()) {
          notLiteral.add(ROOT.relativize(source) + " at offset " + call.start());
          continue;
        }
        StringBuilder message = new StringBuilder();
        Matcher literal = LITERAL.matcher(literals.group(1));
        while (literal.find()) {
          message.append(literal.group(1).replace("\\\"", "\""));
        }
        logged.add(call.group(1).toUpperCase(Locale.ROOT) + " " + message);
      }
    }
    Set<String> listed = new TreeSet<>();
    Matcher row = ROW.matcher(Files.readString(PAGE));
    while (row.find()) {
      listed.add(row.group(1) + " " + row.group(2));
    }

    assertThat(notLiteral).as("warn/error calls whose message is not a literal").isEmpty();
    assertThat(logged).as("messages the code logs").hasSizeGreaterThan(30);
    assertThat(difference(logged, listed)).as("logged but not on the page").isEmpty();
    assertThat(difference(listed, logged)).as("on the page but logged by no code").isEmpty();
  }

  private static Set<String> difference(Set<String> a, Set<String> b) {
    Set<String> d = new TreeSet<>(a);
    d.removeAll(b);
    return d;
  }

  /** Main sources of the published modules that run in an operator's process. */
  private static List<Path> mainSources() throws IOException {
    List<Path> sources = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files
          .filter(p -> p.toString().endsWith(".java"))
          .filter(p -> p.toString().replace('\\', '/').contains("/src/main/java/"))
          .filter(p -> ROOT.relativize(p).getName(0).toString().startsWith("mixchannel-"))
          .filter(p -> !ROOT.relativize(p).getName(0).toString().equals("mixchannel-testkit"))
          .sorted()
          .forEach(sources::add);
    }
    return sources;
  }
}
