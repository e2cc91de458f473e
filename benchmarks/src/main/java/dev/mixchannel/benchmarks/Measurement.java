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
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * One JMH result reduced to what the ratio tables need.
 *
 * @param benchmark the benchmark class's simple name
 * @param method the benchmark method (the target)
 * @param params the JMH parameters, sorted by name
 * @param variant how the forked JVMs ran, e.g. {@code PMEM_IS_PMEM_FORCE=1}; empty for the main run
 * @param opsPerSecond the score
 * @param opsError the score's 99.9 % error (NaN when JMH gives none)
 * @param bytesPerOp the bytes one operation moves (record, read or key size; NaN when unknown)
 * @param allocBytesPerOp {@code gc.alloc.rate.norm} from the GC profiler (NaN without it)
 */
record Measurement(
    String benchmark,
    String method,
    Map<String, String> params,
    String variant,
    double opsPerSecond,
    double opsError,
    double bytesPerOp,
    double allocBytesPerOp) {

  private static final String HEADER =
      "benchmark,method,params,variant,ops_per_s,ops_error,bytes_per_op,mb_per_s,alloc_bytes_per_op";

  Measurement {
    params = new TreeMap<>(params);
  }

  /** Megabytes (10^6 bytes) per second. */
  double megabytesPerSecond() {
    return opsPerSecond * bytesPerOp / 1e6;
  }

  /** The parameters as {@code a=1 b=2}. */
  String paramText() {
    StringBuilder out = new StringBuilder();
    params.forEach(
        (k, v) -> out.append(out.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return out.toString();
  }

  /** The JMH results of one run. */
  static List<Measurement> of(Collection<RunResult> results, String variant) {
    List<Measurement> out = new ArrayList<>();
    for (RunResult r : results) {
      String label = r.getParams().getBenchmark();
      String[] parts = label.split("\\.");
      Map<String, String> params = new TreeMap<>();
      for (String key : r.getParams().getParamsKeys()) {
        params.put(key, r.getParams().getParam(key));
      }
      Result<?> primary = r.getPrimaryResult();
      double alloc = Double.NaN;
      for (String name : r.getSecondaryResults().keySet()) { // JMH's values are raw Results
        if (name.endsWith("gc.alloc.rate.norm")) {
          alloc = r.getSecondaryResults().get(name).getScore();
        }
      }
      out.add(
          new Measurement(
              parts[parts.length - 2],
              parts[parts.length - 1],
              params,
              variant,
              primary.getScore(),
              primary.getScoreError(),
              bytesPerOp(params),
              alloc));
    }
    return out;
  }

  private static double bytesPerOp(Map<String, String> params) {
    for (String key : List.of("recordBytes", "readBytes", "keyBytes")) {
      if (params.containsKey(key)) {
        return Double.parseDouble(params.get(key));
      }
    }
    return Double.NaN;
  }

  /** Writes rows as CSV (parameters as {@code a=1;b=2}). */
  static void writeCsv(List<Measurement> rows, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(HEADER);
    for (Measurement m : rows) {
      lines.add(
          String.format(
              Locale.ROOT,
              "%s,%s,%s,%s,%.6g,%.6g,%.0f,%.6g,%.6g",
              m.benchmark,
              m.method,
              m.paramText().replace(' ', ';'),
              m.variant,
              m.opsPerSecond,
              m.opsError,
              m.bytesPerOp,
              m.megabytesPerSecond(),
              m.allocBytesPerOp));
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  /** Reads rows written by {@link #writeCsv}. */
  static List<Measurement> readCsv(Path file) throws IOException {
    List<Measurement> rows = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.equals(HEADER)) {
        continue;
      }
      String[] f = line.split(",", -1);
      Map<String, String> params = new TreeMap<>();
      for (String kv : f[2].split(";")) {
        if (!kv.isEmpty()) {
          params.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
      }
      rows.add(
          new Measurement(
              f[0],
              f[1],
              params,
              f[3],
              Double.parseDouble(f[4]),
              Double.parseDouble(f[5]),
              Double.parseDouble(f[6]),
              Double.parseDouble(f[8])));
    }
    return rows;
  }
}
