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
package dev.mixchannel.testkit.packaging;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;

/**
 * Checks a built jar that bundles other artifacts (a shaded jar: the Kafka agent, the bookie jar,
 * the tool) for what a user may redistribute it by: MixChannel's {@code META-INF/LICENSE} and
 * {@code META-INF/NOTICE}; for every bundled artifact its licence in {@code
 * META-INF/licenses/<artifactId>/LICENSE} and its {@code group:artifact} named in the NOTICE; and
 * no class from an artifact the caller did not declare (a class outside {@code dev/mixchannel/} and
 * every declared artifact's package, a relocated one under {@code .../shaded/}, or a {@code
 * META-INF/maven/.../pom.properties} of another group). And that the jar names its version
 * everywhere it is read.
 *
 * <p>Stateless; each call opens and closes the jar.
 */
public final class ShadedJarCheck {

  private static final Pattern BUNDLED_POM =
      Pattern.compile("META-INF/maven/([^/]+)/([^/]+)/pom\\.properties");
  private static final String OWN_GROUP = "dev.mixchannel";
  private static final String VERSION_RESOURCE = "dev/mixchannel/common/version.properties";
  private static final String OWN_CLASSES = "dev/mixchannel/";

  /** Where a relocated artifact's classes live, under MixChannel's packages. */
  private static final String SHADED = "/shaded/";

  private ShadedJarCheck() {}

  /**
   * Every licence problem of a jar.
   *
   * @param jar the jar to read
   * @param bundled each artifact the jar is meant to bundle ({@code group:artifact}) and the
   *     package path its classes have in the jar ({@code net/bytebuddy/}, or where the shade plugin
   *     relocated them)
   * @return one line per problem; empty when the jar is complete
   * @throws IOException if the jar cannot be read
   */
  public static List<String> licenceProblems(Path jar, Map<String, String> bundled)
      throws IOException {
    List<String> problems = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      if (file.getEntry("META-INF/LICENSE") == null) {
        problems.add("no META-INF/LICENSE (" + jar + ")");
      }
      Optional<String> noticeText = text(file, "META-INF/NOTICE");
      if (noticeText.isEmpty()) {
        problems.add("no META-INF/NOTICE (" + jar + ")");
      }
      String notice = noticeText.orElse("");
      for (String artifact : bundled.keySet()) {
        String artifactId = artifact.substring(artifact.indexOf(':') + 1);
        if (file.getEntry("META-INF/licenses/" + artifactId + "/LICENSE") == null) {
          problems.add(
              "bundled artifact without its licence: artifact="
                  + artifact
                  + ", expected=META-INF/licenses/"
                  + artifactId
                  + "/LICENSE ("
                  + jar
                  + ")");
        }
        if (!notice.contains(artifact)) {
          problems.add(
              "bundled artifact not named in META-INF/NOTICE: artifact="
                  + artifact
                  + " ("
                  + jar
                  + ")");
        }
      }
      Set<String> undeclared = new TreeSet<>();
      file.stream()
          .map(ZipEntry::getName)
          .forEach(name -> undeclared(name, bundled).ifPresent(undeclared::add));
      for (String origin : undeclared) {
        problems.add("bundled code of an undeclared artifact: " + origin + " (" + jar + ")");
      }
    }
    return problems;
  }

  /** What an entry shows of an undeclared artifact: its pom.properties, or its class's package. */
  private static Optional<String> undeclared(String name, Map<String, String> bundled) {
    Matcher pom = BUNDLED_POM.matcher(name);
    if (pom.matches()) {
      String artifact = pom.group(1) + ":" + pom.group(2);
      return pom.group(1).equals(OWN_GROUP) || bundled.containsKey(artifact)
          ? Optional.empty()
          : Optional.of("artifact=" + artifact);
    }
    if (!name.endsWith(".class") || name.startsWith("META-INF/")) {
      return Optional.empty();
    }
    boolean own = name.startsWith(OWN_CLASSES) && !name.contains(SHADED);
    if (own || bundled.values().stream().anyMatch(name::startsWith)) {
      return Optional.empty();
    }
    int end = name.lastIndexOf('/');
    return Optional.of("package=" + (end < 0 ? "(default)" : name.substring(0, end)));
  }

  /**
   * Every version problem of a jar: its manifest's {@code Implementation-Version} and the version
   * MixChannel reads at run time ({@code dev/mixchannel/common/version.properties}, when the jar
   * bundles it) must both be {@code version}.
   *
   * @param jar the jar to read
   * @param version the version the build was given
   * @return one line per problem; empty when both name {@code version}
   * @throws IOException if the jar cannot be read
   */
  public static List<String> versionProblems(Path jar, String version) throws IOException {
    List<String> problems = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      Manifest manifest = file.getManifest();
      String named =
          manifest == null ? null : manifest.getMainAttributes().getValue("Implementation-Version");
      if (!version.equals(named)) {
        problems.add(
            "manifest names another version: Implementation-Version="
                + named
                + ", expected="
                + version
                + " ("
                + jar
                + ")");
      }
      Optional<String> resource = text(file, VERSION_RESOURCE);
      if (resource.isPresent()) {
        Properties properties = new Properties();
        properties.load(new StringReader(resource.get()));
        if (!version.equals(properties.getProperty("version"))) {
          problems.add(
              VERSION_RESOURCE
                  + " names another version: version="
                  + properties.getProperty("version")
                  + ", expected="
                  + version
                  + " ("
                  + jar
                  + ")");
        }
      }
    }
    return problems;
  }

  private static Optional<String> text(JarFile file, String name) throws IOException {
    ZipEntry entry = file.getEntry(name);
    if (entry == null) {
      return Optional.empty();
    }
    try (InputStream in = file.getInputStream(entry)) {
      return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
