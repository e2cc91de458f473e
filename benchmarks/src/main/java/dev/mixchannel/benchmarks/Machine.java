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
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** A description of the machine a run measured: the header of every report. */
final class Machine {

  private Machine() {}

  static String describe() {
    Path shm = BenchDirs.shm();
    Path disk = BenchDirs.disk();
    return String.join(
        "\n",
        "machine: "
            + Runtime.getRuntime().availableProcessors()
            + " cores ("
            + firstValue("/proc/cpuinfo", "model name")
            + "), RAM "
            + memTotal()
            + ", kernel "
            + System.getProperty("os.version"),
        "jdk: "
            + System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.runtime.version"),
        "dirs: pmem stand-in "
            + shm
            + " ("
            + fsType(shm)
            + "), disk "
            + disk
            + " ("
            + fsType(disk)
            + ")",
        "llpl: "
            + (PmemBackends.isLlplSupported()
                ? "available (backend auto = llpl)"
                : "unavailable: " + PmemBackends.llplUnsupportedReason()),
        "page cache drop: "
            + (Files.isWritable(Path.of("/proc/sys/vm/drop_caches"))
                ? "possible (cold-cache reads are cold)"
                : "NOT possible: disk reads are warm-cache reads"),
        "load average at start: " + read("/proc/loadavg").trim());
  }

  private static String fsType(Path dir) {
    try {
      return Files.getFileStore(dir).type();
    } catch (IOException e) {
      return "unknown: " + e.getMessage();
    }
  }

  private static String memTotal() {
    String kb = firstValue("/proc/meminfo", "MemTotal").replace("kB", "").trim();
    try {
      return String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(kb) / 1024.0 / 1024.0);
    } catch (NumberFormatException e) {
      return "unknown";
    }
  }

  private static String firstValue(String file, String key) {
    for (String line : read(file).split("\n")) {
      if (line.startsWith(key) && line.contains(":")) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return "unknown";
  }

  private static String read(String file) {
    try {
      return String.join("\n", Files.readAllLines(Path.of(file), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return "";
    }
  }
}
