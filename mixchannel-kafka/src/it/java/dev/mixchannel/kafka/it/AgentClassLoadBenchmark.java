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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the agent's class matching costs a broker's start (issue 19, item 6): child JVMs load every
 * Kafka class of the broker's jars ({@link ClassLoadProbe}), stock and with the agent, alternating
 * which goes first in each round, and the table gives the medians, the ratio agent / stock and the
 * agent's cost per class. Both load the same classes from the same class path; the agent's run has
 * a PMem tier in a temporary directory. It asserts no timing; its test checks that both runs loaded
 * the same classes.
 */
public final class AgentClassLoadBenchmark {
  private static final Pattern LINE = Pattern.compile("loaded=(\\d+) of=(\\d+) millis=(\\d+)");

  private final Path libs;
  private final Path agent;
  private final Path work;

  /**
   * A benchmark over one Kafka release.
   *
   * @param libs the broker's jars
   * @param agent the agent jar
   * @param work a directory for the agent's settings, tier and log dir
   */
  public AgentClassLoadBenchmark(Path libs, Path agent, Path work) {
    this.libs = libs;
    this.agent = agent;
    this.work = work;
  }

  /** One child JVM's result. */
  record Load(boolean agent, int loaded, int classes, long millis) {}

  /**
   * Runs the rounds.
   *
   * @param rounds pairs of child JVMs
   * @return every load, in the order they ran
   * @throws Exception when a child fails or times out
   */
  public List<Load> run(int rounds) throws Exception {
    Path settings = settings();
    List<Load> loads = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      boolean agentFirst = round % 2 == 1;
      loads.add(load(agentFirst ? settings : null));
      loads.add(load(agentFirst ? null : settings));
    }
    return loads;
  }

  /**
   * The table of a run: medians, ratio and cost per class.
   *
   * @param loads what {@link #run} returned
   * @return a Markdown table
   */
  public static String table(List<Load> loads) {
    long stock = median(loads, false);
    long withAgent = median(loads, true);
    int classes = loads.get(0).loaded();
    return String.format(
        "| classes loaded | runs each | stock ms (median) | agent ms (median) | agent / stock |"
            + " agent's cost per class µs |%n|---|---|---|---|---|---|%n| %d | %d | %d | %d |"
            + " %.2f | %.1f |%n",
        classes,
        loads.size() / 2,
        stock,
        withAgent,
        (double) withAgent / stock,
        (withAgent - stock) * 1000.0 / classes);
  }

  private static long median(List<Load> loads, boolean agent) {
    List<Long> millis = new ArrayList<>();
    for (Load l : loads) {
      if (l.agent() == agent) {
        millis.add(l.millis());
      }
    }
    millis.sort(null);
    return millis.get(millis.size() / 2);
  }

  private Path settings() throws IOException {
    Path logs = Files.createDirectories(work.resolve("logs"));
    Path tier = Files.createDirectories(work.resolve("pmem"));
    Path file = work.resolve("mixchannel.properties");
    Files.writeString(
        file,
        String.join(
            "\n",
            "log.dirs=" + logs,
            "mixchannel.tiers=pmem",
            "mixchannel.tier.pmem.paths=" + tier,
            "mixchannel.tier.pmem.capacity=64m",
            ""),
        StandardCharsets.UTF_8);
    return file;
  }

  private Load load(Path agentSettings) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (agentSettings != null) {
      command.add("-javaagent:" + agent + "=" + agentSettings);
    }
    String probe =
        Path.of(ClassLoadProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString();
    command.addAll(
        List.of(
            "-cp",
            probe + java.io.File.pathSeparator + libs.resolve("*"),
            ClassLoadProbe.class.getName(),
            libs.toString()));
    Path output = work.resolve("probe.out");
    Process child =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!child.waitFor(300, TimeUnit.SECONDS)) {
      child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new IllegalStateException(
          "class-load probe timed out: agent=" + (agentSettings != null));
    }
    String text = Files.readString(output, StandardCharsets.UTF_8);
    Matcher m = LINE.matcher(text);
    if (child.exitValue() != 0 || !m.find()) {
      throw new IllegalStateException(
          "class-load probe failed: exit=" + child.exitValue() + ", output=" + text);
    }
    return new Load(
        agentSettings != null,
        Integer.parseInt(m.group(1)),
        Integer.parseInt(m.group(2)),
        Long.parseLong(m.group(3)));
  }

  /**
   * Runs the benchmark and prints the table.
   *
   * @param args the broker's jars, the agent jar, a work directory and the number of rounds
   * @throws Exception when a child fails
   */
  public static void main(String[] args) throws Exception {
    List<Load> loads =
        new AgentClassLoadBenchmark(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]))
            .run(Integer.parseInt(args[3]));
    System.out.print(table(loads));
  }
}
