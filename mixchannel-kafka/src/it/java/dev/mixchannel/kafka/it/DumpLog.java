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
package dev.mixchannel.kafka.it;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Kafka's {@code kafka-dump-log.sh} ({@code DumpLogSegments --print-data-log}) run in a JVM of its
 * own on segment files, with or without the MixChannel agent, and its output parsed.
 */
public final class DumpLog {

  private static final List<String> MAIN_CLASSES =
      List.of("org.apache.kafka.tools.DumpLogSegments", "kafka.tools.DumpLogSegments");

  /**
   * What one run printed.
   *
   * @param exitCode the tool's exit code
   * @param millis how long the JVM ran, start to exit
   * @param records the records printed for each file, by its path as passed to the tool
   * @param output the whole output, for failure messages
   */
  public record Result(
      int exitCode, long millis, Map<String, List<OffsetValue>> records, String output) {

    /**
     * The records printed for one file.
     *
     * @param file the file, as it was passed to {@link DumpLog#run}
     * @return its records, empty when none were printed
     */
    public List<OffsetValue> recordsOf(Path file) {
      return records.getOrDefault(file.toString(), List.of());
    }
  }

  private DumpLog() {}

  /**
   * The tool's main class in the Kafka jars on the test class path.
   *
   * @return the class name, or empty when this Kafka release's jars do not have it
   */
  public static Optional<String> mainClass() {
    for (String name : MAIN_CLASSES) {
      try {
        Class.forName(name, false, DumpLog.class.getClassLoader());
        return Optional.of(name);
      } catch (ClassNotFoundException e) {
        // try the next
      }
    }
    return Optional.empty();
  }

  /**
   * Runs the tool on segment files.
   *
   * @param broker the broker whose Kafka jars and directory the tool uses
   * @param jvmOptions JVM options, such as {@code -javaagent:...}
   * @param outputName the file the output goes to, in the broker's directory
   * @param segments the segment files
   * @return what it printed
   * @throws Exception when the tool runs over 120 seconds
   */
  public static Result run(
      KafkaBroker broker, List<String> jvmOptions, String outputName, Path... segments)
      throws Exception {
    StringBuilder files = new StringBuilder();
    for (Path segment : segments) {
      files.append(files.length() == 0 ? "" : ",").append(segment);
    }
    long startNanos = System.nanoTime();
    int exit =
        broker.runTool(
            jvmOptions,
            List.of(),
            mainClass().orElseThrow(),
            outputName,
            "--files",
            files.toString(),
            "--print-data-log");
    long millis = (System.nanoTime() - startNanos) / 1_000_000;
    String output = Files.readString(broker.home().resolve(outputName), StandardCharsets.UTF_8);
    return new Result(exit, millis, parse(output), output);
  }

  /** Parses {@code Dumping <file>} headers and {@code | offset: N ... payload: V} lines. */
  private static Map<String, List<OffsetValue>> parse(String output) {
    Map<String, List<OffsetValue>> byFile = new LinkedHashMap<>();
    List<OffsetValue> current = null;
    for (String line : output.split("\n")) {
      if (line.startsWith("Dumping ")) {
        current = new ArrayList<>();
        byFile.put(line.substring("Dumping ".length()).trim(), current);
      } else if (line.startsWith("| offset: ") && current != null) {
        int end = line.indexOf(' ', "| offset: ".length());
        long offset = Long.parseLong(line.substring("| offset: ".length(), end));
        int payload = line.indexOf(" payload: ");
        current.add(
            new OffsetValue(offset, payload < 0 ? "" : line.substring(payload + 10).trim()));
      }
    }
    return byFile;
  }
}
