package dev.mixchannel.benchmarks;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;

/** Turns the results of {@link PmemAppendBenchmark} into throughput and ratios to the baselines. */
final class Ratios {

  private Ratios() {}

  static String table(Collection<RunResult> results) {
    Map<Integer, Map<String, Double>> bySize = new TreeMap<>();
    for (RunResult r : results) {
      String label = r.getParams().getBenchmark();
      String method = label.substring(label.lastIndexOf('.') + 1);
      int size = Integer.parseInt(r.getParams().getParam("recordBytes"));
      double opsPerSecond = r.getPrimaryResult().getScore();
      bySize.computeIfAbsent(size, k -> new TreeMap<>()).put(method, opsPerSecond * size);
    }
    StringBuilder out = new StringBuilder("\nPmemAppendBenchmark: throughput and ratios\n");
    for (Map.Entry<Integer, Map<String, Double>> e : bySize.entrySet()) {
      Map<String, Double> bps = e.getValue();
      out.append(String.format(Locale.ROOT, "record %d bytes%n", e.getKey()));
      for (Map.Entry<String, Double> m : bps.entrySet()) {
        out.append(
            String.format(
                Locale.ROOT,
                "  %-18s %8.2f GB/s  x%6.2f fileShm  x%7.2f fileDiskForce64k  %5.2f of rawCopy%n",
                m.getKey(),
                m.getValue() / 1e9,
                ratio(m.getValue(), bps.get("fileShm")),
                ratio(m.getValue(), bps.get("fileDiskForce64k")),
                ratio(m.getValue(), bps.get("rawCopy"))));
      }
    }
    return out.toString();
  }

  private static double ratio(double value, Double base) {
    return base == null || base == 0 ? Double.NaN : value / base;
  }
}
