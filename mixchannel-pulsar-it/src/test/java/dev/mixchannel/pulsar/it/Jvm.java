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
package dev.mixchannel.pulsar.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Child JVMs with Pulsar's class path: the standalone and the tools an operator runs beside it
 * ({@code Evacuate}). The paths come from the build (surefire's system properties).
 */
final class Jvm {

  private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(120);

  private Jvm() {}

  /**
   * The file holding Pulsar's class path (the module's provided scope), one line.
   *
   * @return its path
   */
  static Path pulsarClassPathFile() {
    return Path.of(System.getProperty("mixchannel.pulsar.classpath", "target/pulsar.classpath"));
  }

  /**
   * The bookie jar of {@code mixchannel-bookkeeper} (MixChannel and LLPL).
   *
   * @return its path
   */
  static Path bookieJar() {
    return Path.of(
        System.getProperty(
            "mixchannel.pulsar.bookie.jar", "target/bookie/mixchannel-bookkeeper-bookie.jar"));
  }

  /**
   * Where the tests keep their directories (the build directory in Maven runs).
   *
   * @return the work directory
   */
  static Path work() {
    return Path.of(System.getProperty("mixchannel.pulsar.work", "target/pulsar-it"));
  }

  /**
   * A fresh directory for one run under the work directory, on disk.
   *
   * @param prefix the run's name
   * @return a new directory
   * @throws IOException when it cannot be created
   */
  static Path newHome(String prefix) throws IOException {
    return Files.createDirectories(work().resolve(prefix + "-" + System.nanoTime()));
  }

  /**
   * The start of a {@code java} command line with Pulsar's JVM flags (the module opens of {@code
   * bin/pulsar}, for Netty and BookKeeper's page-cache code).
   *
   * @param options heap, GC, JIT options
   * @param classPath the class path
   * @param log4j the Log4j configuration file
   * @return the command, to which the caller adds a main class and its arguments
   */
  static List<String> command(List<String> options, String classPath, Path log4j) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    for (String open :
        List.of(
            "java.base/java.io",
            "java.base/java.nio",
            "java.base/java.lang",
            "java.base/jdk.internal.misc",
            "java.base/sun.net",
            "java.management/sun.management",
            "jdk.management/com.sun.management.internal")) {
      command.add("--add-opens=" + open + "=ALL-UNNAMED");
    }
    command.add("-Dio.netty.tryReflectionSetAccessible=true");
    command.add("-Dlog4j2.configurationFile=" + log4j);
    command.add("-cp");
    command.add(classPath);
    return command;
  }

  /**
   * Runs {@code dev.mixchannel.bookkeeper.Evacuate} as an operator would: the bookie jar and
   * Pulsar's {@code lib/} on the class path, a bookie configuration file as its argument.
   *
   * @param home where the tool's output goes
   * @param conf the configuration file
   * @return its exit code and output
   * @throws Exception when it does not finish in time
   */
  static ToolRun evacuate(Path home, Path conf) throws Exception {
    Path log4j = home.resolve("log4j2.properties");
    Files.writeString(log4j, StandaloneSettings.log4j(), StandardCharsets.UTF_8);
    String classPath =
        bookieJar()
            + File.pathSeparator
            + Files.readString(pulsarClassPathFile(), StandardCharsets.UTF_8).trim();
    List<String> command = command(StandaloneProcess.TEST_JVM, classPath, log4j);
    command.add("dev.mixchannel.bookkeeper.Evacuate");
    command.add(conf.toString());
    Path out = home.resolve("evacuate-" + System.nanoTime() + ".log");
    Process tool =
        new ProcessBuilder(command)
            .directory(home.toFile())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    if (!tool.waitFor(TOOL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      tool.destroyForcibly();
      tool.waitFor(TOOL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      throw new IOException("Evacuate did not finish in " + TOOL_TIMEOUT + " (" + out + ")");
    }
    return new ToolRun(tool.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
  }

  /**
   * What a tool run printed.
   *
   * @param exitCode its exit code
   * @param output its standard output and error
   */
  record ToolRun(int exitCode, String output) {}
}
