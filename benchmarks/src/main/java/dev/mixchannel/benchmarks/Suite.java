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
package dev.mixchannel.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The whole benchmark suite in one command: the JMH benchmarks through the Runner API (append and
 * read with the GC profiler), the LLPL targets again in a child JVM with {@code
 * PMEM_IS_PMEM_FORCE=1} (JMH cannot set an environment variable per fork, and forks inherit the
 * launcher's environment), the heap footprint and the burst scenario as child processes; then the
 * ratio tables, the goals P1 to P7 and the files {@code results.csv}, {@code results.json}.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.Suite --help
 * </pre>
 */
public final class Suite {

  static final String FORCE_VARIANT = "PMEM_IS_PMEM_FORCE=1";
  private static final List<String> PARTS =
      List.of("append", "durable", "read", "migration", "llpl-force", "heap", "burst");

  private Suite() {}

  /**
   * Runs the suite.
   *
   * @param args see {@code --help}
   * @throws Exception when a benchmark fails
   */
  public static void main(String[] args) throws Exception {
    SuiteProfile profile = SuiteProfile.QUICK;
    Path out = Path.of("target", "bench-results");
    Set<String> parts = new LinkedHashSet<>(PARTS);
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> profile = SuiteProfile.QUICK;
        case "--full" -> profile = SuiteProfile.FULL;
        case "--out" -> out = Path.of(args[++i]);
        case "--only" -> parts = new LinkedHashSet<>(Arrays.asList(args[++i].split(",")));
        case "--skip" -> parts.removeAll(Arrays.asList(args[++i].split(",")));
        case "--child-run" -> {
          childRun(args[i + 1], Path.of(args[i + 2]), SuiteProfile.valueOf(args[i + 3]));
          return;
        }
        case "--help", "-h" -> {
          System.out.println(help());
          return;
        }
        default -> {
          System.err.println("unknown option: " + args[i] + "\n" + help());
          System.exit(2);
        }
      }
    }
    if (!PARTS.containsAll(parts)) {
      System.err.println("unknown part in " + parts + "; parts are " + PARTS);
      System.exit(2);
    }
    run(profile, out, parts);
  }

  private static String help() {
    return String.join(
        "\n",
        "usage: java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.Suite [options]",
        "  --quick            JMH " + SuiteProfile.QUICK.jmhArgs() + " (default)",
        "  --full             JMH " + SuiteProfile.FULL.jmhArgs(),
        "  --only a,b         run only these parts of " + PARTS,
        "  --skip a,b         leave these parts out",
        "  --out <dir>        results directory (default target/bench-results)",
        "directories: -Dmixchannel.bench.shm=/dev/shm (PMem stand-in),"
            + " -Dmixchannel.bench.disk=/var/tmp (disk, not tmpfs),"
            + " -Dmixchannel.bench.read.cold.bytes=4g (the cold-read file)");
  }

  private static void run(SuiteProfile profile, Path out, Set<String> parts) throws Exception {
    long start = System.nanoTime();
    Files.createDirectories(out);
    String machine = Machine.describe();
    System.out.println(machine);
    List<Measurement> rows = new ArrayList<>();
    if (parts.contains("append")) {
      rows.addAll(jmh(profile, "\\.AppendBenchmark\\.", true, ""));
    }
    if (parts.contains("durable")) {
      rows.addAll(jmh(profile, "\\.DurableAppendBenchmark\\.", false, ""));
    }
    if (parts.contains("read")) {
      rows.addAll(jmh(profile, "\\.ReadBenchmark\\.", true, ""));
    }
    if (parts.contains("migration")) {
      rows.addAll(jmh(profile, "\\.MigrationBenchmark\\.", false, ""));
    }
    if (parts.contains("llpl-force")) {
      Path csv = out.resolve("llpl-force.csv");
      child(
          List.of(
              "dev.mixchannel.benchmarks.Suite",
              "--child-run",
              "\\.(Append|DurableAppend)Benchmark\\.pmemLlpl$",
              csv.toString(),
              profile.name()),
          true);
      rows.addAll(Measurement.readCsv(csv));
    }
    String heap = "";
    if (parts.contains("heap")) {
      heap =
          child(List.of("dev.mixchannel.benchmarks.HeapFootprint"), false)
              .lines()
              .filter(l -> l.startsWith("  "))
              .reduce("", (a, l) -> a + l + "\n");
      Files.writeString(out.resolve("heap.txt"), heap, StandardCharsets.UTF_8);
    }
    List<Goal> goals = new ArrayList<>(Ratios.goals(rows));
    if (parts.contains("burst")) {
      Path burstDir = out.resolve("burst");
      child(
          List.of("dev.mixchannel.benchmarks.BurstScenario", "--out", burstDir.toString()), false);
      goals.add(BurstSummary.goal(burstDir.resolve("bursts.csv")));
    }
    Measurement.writeCsv(rows, out.resolve("results.csv"));
    String tables = Ratios.suiteTables(rows);
    StringBuilder report = new StringBuilder(machine).append('\n').append(tables).append('\n');
    report.append(heap.isEmpty() ? "" : "\nHeap footprint\n" + heap + "\n");
    report.append("\nGoals (ratios from this run)\n");
    goals.forEach(g -> report.append("  ").append(g.line()).append('\n'));
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    report.append(
        String.format(
            Locale.ROOT,
            "\nsuite %s %s ran in %d min %02d s%n",
            profile.name().toLowerCase(Locale.ROOT),
            parts,
            seconds / 60,
            seconds % 60));
    System.out.println(report);
    Files.writeString(out.resolve("report.txt"), report, StandardCharsets.UTF_8);
    writeJson(out.resolve("results.json"), rows, goals, seconds);
    System.out.println("results: " + out.toAbsolutePath());
  }

  private static List<Measurement> jmh(
      SuiteProfile profile, String include, boolean gc, String variant) throws Exception {
    ChainedOptionsBuilder options = profile.apply(new OptionsBuilder().include(include));
    if (gc) {
      options.addProfiler(GCProfiler.class);
    }
    Collection<RunResult> results = new Runner(options.build()).run();
    return Measurement.of(results, variant);
  }

  /** In the child JVM started with {@code PMEM_IS_PMEM_FORCE=1}: run and write the rows. */
  private static void childRun(String include, Path csv, SuiteProfile profile) throws Exception {
    if (!"1".equals(System.getenv("PMEM_IS_PMEM_FORCE"))) {
      throw new IllegalStateException("child run without PMEM_IS_PMEM_FORCE=1");
    }
    Measurement.writeCsv(jmh(profile, include, false, FORCE_VARIANT), csv);
  }

  /** Runs a main of this jar in a child JVM; returns its output (also echoed). */
  private static String child(List<String> mainAndArgs, boolean pmemForce) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String p :
        List.of(
            "mixchannel.bench.shm", "mixchannel.bench.disk", "mixchannel.bench.read.cold.bytes")) {
      if (System.getProperty(p) != null) {
        command.add("-D" + p + "=" + System.getProperty(p));
      }
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.addAll(mainAndArgs);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    if (pmemForce) {
      builder.environment().put("PMEM_IS_PMEM_FORCE", "1");
    }
    Process process = builder.start();
    StringBuilder output = new StringBuilder();
    try (var reader = process.inputReader(StandardCharsets.UTF_8)) {
      String line;
      while ((line = reader.readLine()) != null) {
        System.out.println(line);
        output.append(line).append('\n');
      }
    }
    int code = process.waitFor();
    if (code != 0) {
      throw new IOException("child run failed: exit=" + code + ", command=" + mainAndArgs);
    }
    return output.toString();
  }

  private static void writeJson(Path file, List<Measurement> rows, List<Goal> goals, long seconds)
      throws IOException {
    StringBuilder json = new StringBuilder("{\n  \"seconds\": ").append(seconds);
    json.append(",\n  \"goals\": [\n");
    for (int i = 0; i < goals.size(); i++) {
      json.append("    ").append(goals.get(i).json()).append(i + 1 < goals.size() ? ",\n" : "\n");
    }
    json.append("  ],\n  \"results\": [\n");
    for (int i = 0; i < rows.size(); i++) {
      Measurement m = rows.get(i);
      json.append(
          String.format(
              Locale.ROOT,
              "    {\"benchmark\":\"%s\",\"method\":\"%s\",\"params\":\"%s\",\"variant\":\"%s\","
                  + "\"opsPerSecond\":%.6g,\"megabytesPerSecond\":%.6g,\"allocBytesPerOp\":%s}%s%n",
              m.benchmark(),
              m.method(),
              m.paramText(),
              m.variant(),
              m.opsPerSecond(),
              m.megabytesPerSecond(),
              Double.isNaN(m.allocBytesPerOp())
                  ? "null"
                  : String.format(Locale.ROOT, "%.2f", m.allocBytesPerOp()),
              i + 1 < rows.size() ? "," : ""));
    }
    json.append("  ]\n}\n");
    Files.writeString(file, json, StandardCharsets.UTF_8);
  }
}
