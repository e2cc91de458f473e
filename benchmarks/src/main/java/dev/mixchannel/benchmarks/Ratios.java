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

import dev.mixchannel.pmem.PmemBackends;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Turns measurements into tables of throughput and ratios to the baselines measured in the same
 * run, and into the goals P1 to P6 of issue 5.
 */
final class Ratios {

  /** Marks a baseline of the row's own family: {@code ~FileDiskCold} for {@code readMixHot}. */
  private static final char FAMILY = '~';

  /** The baselines of goals P1 to P3, in the goals' words. */
  private static final Map<String, String> BASELINE_WORDS =
      Map.of(
          "fileShm", "FileChannel in the same dir",
          "rawCopy", "raw copy into pre-touched memory",
          "fileDisk", "FileChannel + fsync on disk");

  private Ratios() {}

  /**
   * A table per parameter set: each target's MB/s, its error, allocation per operation and its
   * ratio to each baseline of the same parameters. Rows of a variant (e.g. {@code
   * PMEM_IS_PMEM_FORCE=1}) are compared with the baselines of the main run.
   *
   * @param title the heading
   * @param rows the measurements of one benchmark
   * @param baselines baseline methods; {@code ~Suffix} means the row's family prefix + suffix
   */
  static String baselineTable(String title, List<Measurement> rows, String... baselines) {
    Map<String, List<Measurement>> groups = new LinkedHashMap<>();
    for (Measurement m : rows) {
      groups.computeIfAbsent(m.benchmark() + " " + m.paramText(), k -> new ArrayList<>()).add(m);
    }
    StringBuilder out = new StringBuilder("\n").append(title).append('\n');
    for (Map.Entry<String, List<Measurement>> g : groups.entrySet()) {
      out.append("  ").append(g.getKey()).append('\n');
      out.append(
          String.format(Locale.ROOT, "    %-40s %11s %9s %10s", "target", "MB/s", "+-", "B/op"));
      for (String b : baselines) {
        out.append(String.format(Locale.ROOT, " %16s", "x " + b));
      }
      out.append('\n');
      for (Measurement m : g.getValue()) {
        String name = m.variant().isEmpty() ? m.method() : m.method() + " [" + m.variant() + "]";
        out.append(
            String.format(
                Locale.ROOT,
                "    %-40s %11.1f %9.1f %10s",
                name,
                m.megabytesPerSecond(),
                m.opsError() * m.bytesPerOp() / 1e6,
                Double.isNaN(m.allocBytesPerOp())
                    ? "-"
                    : String.format(Locale.ROOT, "%.1f", m.allocBytesPerOp())));
        for (String b : baselines) {
          String base = b.charAt(0) == FAMILY ? family(m.method()) + b.substring(1) : b;
          double r = ratio(m, find(g.getValue(), base, ""));
          out.append(
              Double.isNaN(r)
                  ? String.format(Locale.ROOT, " %16s", "-")
                  : String.format(Locale.ROOT, " %16.2f", r));
        }
        out.append('\n');
      }
    }
    return out.toString();
  }

  /**
   * Runs JMH with a command line, as a benchmark's own main does; without a benchmark pattern only
   * {@code benchmark} runs (a bare pattern would run every benchmark in the jar).
   *
   * @return the measurements of the run
   */
  static List<Measurement> runOwn(String[] args, String benchmark)
      throws CommandLineOptionException, RunnerException {
    Options options = new CommandLineOptions(args);
    if (options.getIncludes().isEmpty()) {
      options = new OptionsBuilder().parent(options).include("\\." + benchmark + "\\.").build();
    }
    return Measurement.of(new Runner(options).run(), "");
  }

  /** The tables of the suite's benchmarks. */
  static String suiteTables(List<Measurement> rows) {
    StringBuilder out = new StringBuilder();
    out.append(
        baselineTable(
            "AppendBenchmark", only(rows, "AppendBenchmark"), "fileShm", "fileDisk", "rawCopy"));
    out.append(
        baselineTable(
            "DurableAppendBenchmark", only(rows, "DurableAppendBenchmark"), "fileDisk", "fileShm"));
    out.append(
        baselineTable(
            "ReadBenchmark (page cache dropped for *FileDiskCold)",
            only(rows, "ReadBenchmark"),
            "~FileDiskCold",
            "~FileDiskWarm",
            "~Pmem"));
    out.append(
        baselineTable(
            "MigrationBenchmark (demote vs copyDown, promote vs copyUp, appends vs appendIdle;"
                + " moveDown/moveUp: Files.move, which also deletes the source)",
            only(rows, "MigrationBenchmark"),
            "copyDown",
            "copyUp",
            "moveDown",
            "moveUp",
            "appendIdle"));
    return out.toString();
  }

  /** Goals P1 to P6 from the suite's measurements. */
  static List<Goal> goals(List<Measurement> rows) {
    String pmem = PmemBackends.isLlplSupported() ? "pmemLlpl" : "pmemJdk";
    Map<String, String> kib = Map.of("recordBytes", "1024");
    Map<String, String> mib = Map.of("recordBytes", "1048576");
    Map<String, String> force64k = Map.of("forceEveryBytes", "65536");
    List<Goal> goals = new ArrayList<>();
    goals.add(hotTier(rows, "P1", "1 KiB appends", "fileShm", kib, 10, "%.2fx"));
    goals.add(hotTier(rows, "P2", "1 MiB appends", "rawCopy", mib, 0.9, "%.2f"));
    goals.add(hotTier(rows, "P3", "force every 64 KiB", "fileDisk", force64k, 30, "%.1fx"));
    goals.add(coldRead(rows, "read", "sequential reads"));
    goals.add(coldRead(rows, "transfer", "transferTo a socket"));
    goals.add(
        new Goal(
            "P5",
            "1 KiB appends: MixChannel / its backend (" + pmem + ")",
            ratio(rows, "AppendBenchmark", "mixHot", pmem, kib),
            0.95,
            String.format(
                Locale.ROOT,
                "100 B %.3f, 16 KiB %.3f, 1 MiB %.3f; read %.3f, transferTo %.3f",
                ratio(rows, "AppendBenchmark", "mixHot", pmem, Map.of("recordBytes", "100")),
                ratio(rows, "AppendBenchmark", "mixHot", pmem, Map.of("recordBytes", "16384")),
                ratio(rows, "AppendBenchmark", "mixHot", pmem, mib),
                ratio(rows, "ReadBenchmark", "readMixHot", "readPmem", Map.of()),
                ratio(rows, "ReadBenchmark", "transferMixHot", "transferPmem", Map.of()))));
    goals.add(migration(rows, "demote", "Down", "down (PMem -> disk)"));
    goals.add(migration(rows, "promote", "Up", "up (disk -> PMem)"));
    goals.add(
        new Goal(
            "P6",
            "1 KiB appends while another key migrates / idle",
            ratio(rows, "MigrationBenchmark", "appendDuringMigration", "appendIdle", Map.of()),
            0.9,
            ""));
    return goals;
  }

  /**
   * P1 to P3: the MixChannel on the hot tier against a baseline of the append benchmark (of the
   * durable one when the parameters name a force interval), with each PMem channel's own ratio to
   * it as the detail; for forced appends also the LLPL channel's of the {@code
   * PMEM_IS_PMEM_FORCE=1} run.
   */
  private static Goal hotTier(
      List<Measurement> rows,
      String id,
      String load,
      String baseline,
      Map<String, String> params,
      double target,
      String format) {
    boolean forced = params.containsKey("forceEveryBytes");
    String benchmark = forced ? "DurableAppendBenchmark" : "AppendBenchmark";
    List<String> detail = new ArrayList<>();
    detail.add("pmemLlpl " + format(format, ratio(rows, benchmark, "pmemLlpl", baseline, params)));
    if (forced) {
      double variant = ratioVariant(rows, benchmark, "pmemLlpl", baseline, params);
      detail.add("pmemLlpl [" + Suite.FORCE_VARIANT + "] " + format(format, variant));
    }
    detail.add("pmemJdk " + format(format, ratio(rows, benchmark, "pmemJdk", baseline, params)));
    return new Goal(
        id,
        load + ": MixChannel on the hot tier / " + BASELINE_WORDS.get(baseline),
        ratio(rows, benchmark, "mixHot", baseline, params),
        target,
        String.join(", ", detail));
  }

  private static String format(String format, double ratio) {
    return String.format(Locale.ROOT, format, ratio);
  }

  /** P4: the hot tier's reads or transfers against the disk's with a cold cache. */
  private static Goal coldRead(List<Measurement> rows, String op, String what) {
    return new Goal(
        "P4",
        what + ": hot tier / FileChannel on disk, cold cache",
        ratio(rows, "ReadBenchmark", op + "MixHot", op + "FileDiskCold", Map.of()),
        2.5,
        String.format(
            Locale.ROOT,
            "vs warm cache %.2fx",
            ratio(rows, "ReadBenchmark", op + "MixHot", op + "FileDiskWarm", Map.of())));
  }

  /** P6: a migration against {@code Files.copy} in the same direction, and against a move. */
  private static Goal migration(List<Measurement> rows, String method, String way, String what) {
    return new Goal(
        "P6",
        "migration " + what + " / Files.copy + fsync",
        ratio(rows, "MigrationBenchmark", method, "copy" + way, Map.of()),
        0.9,
        String.format(
            Locale.ROOT,
            "vs Files.move (copy + delete source) %.2f",
            ratio(rows, "MigrationBenchmark", method, "move" + way, Map.of())));
  }

  private static List<Measurement> only(List<Measurement> rows, String benchmark) {
    return rows.stream().filter(m -> m.benchmark().equals(benchmark)).toList();
  }

  private static String family(String method) {
    for (int i = 0; i < method.length(); i++) {
      if (Character.isUpperCase(method.charAt(i))) {
        return method.substring(0, i);
      }
    }
    return method;
  }

  private static Optional<Measurement> find(List<Measurement> rows, String method, String variant) {
    return rows.stream()
        .filter(m -> m.method().equals(method) && m.variant().equals(variant))
        .findFirst();
  }

  private static Optional<Measurement> find(
      List<Measurement> rows,
      String benchmark,
      String method,
      Map<String, String> params,
      String variant) {
    return rows.stream()
        .filter(m -> m.benchmark().equals(benchmark) && m.method().equals(method))
        .filter(m -> m.variant().equals(variant))
        .filter(m -> m.params().entrySet().containsAll(params.entrySet()))
        .findFirst();
  }

  private static double ratio(Measurement m, Optional<Measurement> base) {
    return base.map(b -> m.opsPerSecond() * m.bytesPerOp() / (b.opsPerSecond() * b.bytesPerOp()))
        .orElse(Double.NaN);
  }

  private static double ratio(
      List<Measurement> rows,
      String benchmark,
      String method,
      String baseline,
      Map<String, String> params) {
    return find(rows, benchmark, method, params, "")
        .map(m -> ratio(m, find(rows, benchmark, baseline, params, "")))
        .orElse(Double.NaN);
  }

  private static double ratioVariant(
      List<Measurement> rows,
      String benchmark,
      String method,
      String baseline,
      Map<String, String> params) {
    return rows.stream()
        .filter(m -> !m.variant().isEmpty())
        .filter(m -> m.benchmark().equals(benchmark) && m.method().equals(method))
        .filter(m -> m.params().entrySet().containsAll(params.entrySet()))
        .findFirst()
        .map(m -> ratio(m, find(rows, benchmark, baseline, params, "")))
        .orElse(Double.NaN);
  }
}
