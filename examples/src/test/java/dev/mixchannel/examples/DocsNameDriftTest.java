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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Catches documentation that names code which no longer exists (a type renamed or removed): every
 * {@code dev.mixchannel...} name in the README and in {@code docs/} resolves to a source file or a
 * package, and every type-like name in backticks ({@code `TierStats`}) is a type of this project or
 * one of the outside names listed here. The README's configuration table has a test of its own
 * ({@link ReadmeConfigTableTest}).
 */
class DocsNameDriftTest {
  private static final Path ROOT = Path.of("..");

  /** Names of other projects, of the JDK and of benchmark parameters (JMX attributes are found). */
  private static final Set<String> OUTSIDE =
      Set.of(
          // JDK
          "FileChannel",
          "ClosedByInterruptException",
          "UnsupportedOperationException",
          "UncheckedIOException",
          "ReentrantReadWriteLock",
          "StampedLock",
          "FileLock",
          "ThreadMXBean",
          "MappedByteBuffer",
          // Kafka
          "ListOffsets",
          "FileRecords",
          "LogSegment",
          "RemoteLogManager",
          "DescribeLogDirs",
          // BookKeeper
          "BookieFileChannel",
          "BookieImpl",
          "FileChannelProvider",
          "JournalChannel",
          // Byte Buddy (the agent's start-up profile)
          "TypePool",
          "ClassReader",
          // Pulsar
          "PulsarStandaloneStarter",
          // JMH parameter values of the benchmarks
          "FileDiskCold",
          "FileDiskWarm",
          "MixHot");

  private static final Pattern QUALIFIED = Pattern.compile("dev\\.mixchannel(\\.[A-Za-z0-9_]+)+");
  private static final Pattern GETTER = Pattern.compile("\\b(?:get|is)([A-Z][A-Za-z0-9]*)\\(\\)");
  private static final Pattern TYPE_LIKE =
      Pattern.compile("`([A-Z][A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*)`");

  @Test
  void shouldNameOnlyCodeThatExists() throws IOException {
    Set<String> types = new TreeSet<>();
    Set<String> qualified = new TreeSet<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files
          .filter(p -> p.toString().endsWith(".java"))
          .filter(p -> !p.toString().contains("/target/"))
          .forEach(
              p -> {
                String name = p.getFileName().toString();
                types.add(name.substring(0, name.length() - ".java".length()));
                if (name.endsWith("MXBean.java")) {
                  types.addAll(attributes(p));
                }
                String path = p.toString().replace('\\', '/');
                int at = path.indexOf("/java/dev/mixchannel/");
                if (at >= 0) {
                  String fqcn = path.substring(at + "/java/".length(), path.length() - 5);
                  qualified.add(fqcn.replace('/', '.'));
                  String pkg = fqcn.substring(0, fqcn.lastIndexOf('/'));
                  qualified.add(pkg.replace('/', '.'));
                }
              });
    }
    List<String> stale = new ArrayList<>();
    for (Path doc : docs()) {
      String text = Files.readString(doc);
      Matcher q = QUALIFIED.matcher(text);
      while (q.find()) {
        String name = q.group();
        if (!qualified.contains(name) && !qualified.contains(stripMember(name))) {
          stale.add(ROOT.relativize(doc) + ": " + name);
        }
      }
      Matcher t = TYPE_LIKE.matcher(text);
      while (t.find()) {
        String name = t.group(1);
        if (!types.contains(name) && !OUTSIDE.contains(name)) {
          stale.add(ROOT.relativize(doc) + ": `" + name + "`");
        }
      }
    }
    assertThat(stale).as("names in the docs that no code has").isEmpty();
  }

  /**
   * The JMX attribute names of an MXBean interface: its getters without {@code get} or {@code is}.
   */
  private static Set<String> attributes(Path mxBean) {
    Set<String> names = new TreeSet<>();
    try {
      Matcher getter = GETTER.matcher(Files.readString(mxBean));
      while (getter.find()) {
        names.add(getter.group(1));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  /** {@code dev.mixchannel.x.Type.member} names the type. */
  private static String stripMember(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 ? name : name.substring(0, dot);
  }

  private static List<Path> docs() throws IOException {
    List<Path> docs = new ArrayList<>();
    docs.add(ROOT.resolve("README.md"));
    try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }
}
