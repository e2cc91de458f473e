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

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The demo the README's first command runs: a PMem tier and a disk tier, an append log with 16 MiB
 * segments, a producer writing bursts and a consumer reading every record back and checking its
 * CRC32C, a live status line, a summary and a PNG chart of tier occupancy over time.
 *
 * <p>Exit codes: 0 when every record was read back intact, 1 when a check failed, 2 for a bad
 * command line, 3 when the storage failed.
 */
@Command(
    name = "mixchannel-demo",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Runs an append log on MixChannel: fresh records land on the PMem tier, sealed segments"
          + " move to the disk tier in the background, a consumer re-reads every record and"
          + " checks its CRC32C. Ends with a summary and a PNG chart of tier occupancy.",
      ""
    },
    footer = {
      "",
      "Exit codes: 0 all records intact, 1 a check failed, 2 bad command line, 3 storage error.",
      "Run it again: java -jar examples/target/mixchannel-demo.jar [flags]"
    })
public final class Demo implements Callable<Integer> {

  static final long MIB = 1L << 20;
  static final long SEGMENT_BYTES = 16 * MIB;
  static final long MIN_CAPACITY_BYTES = 64 * MIB;

  @Spec CommandSpec spec;

  @Option(
      names = "--pmem-dir",
      paramLabel = "<dir>",
      description =
          "Directory for the PMem tier (a DAX mount, or tmpfs to emulate PMem); the demo works in"
              + " a fresh sub-directory. Default: /dev/shm when it has room, else the temp dir.")
  Path pmemDir;

  @Option(
      names = "--disk-dir",
      paramLabel = "<dir>",
      description =
          "Directory for the disk tier; the demo works in a fresh sub-directory."
              + " Default: ${DEFAULT-VALUE}.",
      defaultValue = "mixchannel-demo-data")
  Path diskDir;

  @Option(
      names = "--capacity",
      paramLabel = "<size>",
      converter = Converters.Size.class,
      defaultValue = "256m",
      description = "Capacity of the PMem tier, at least 64m (suffixes k, m, g). Default: 256m.")
  long capacityBytes;

  @Option(
      names = "--threshold",
      paramLabel = "<fraction>",
      defaultValue = "0.5",
      description =
          "Fraction of the PMem tier kept in use; sealed segments above it move to disk."
              + " From 0 to 1, or -1 to turn migration off. Default: ${DEFAULT-VALUE}.")
  double threshold;

  @Option(
      names = "--duration",
      paramLabel = "<time>",
      converter = Converters.Time.class,
      defaultValue = "20s",
      description = "How long the producer runs (e.g. 20s, 2m). Default: 20s.")
  Duration duration;

  @Option(
      names = "--burst",
      paramLabel = "<size>",
      converter = Converters.Size.class,
      description = "Bytes the producer writes per burst. Default: 40%% of the capacity.")
  Long burstBytes;

  @Option(
      names = "--chart",
      paramLabel = "<file>",
      defaultValue = "mixchannel-demo.png",
      description = "Where to write the PNG chart. Default: ${DEFAULT-VALUE}.")
  Path chart;

  @Option(
      names = "--keep",
      description = "Keep the tier directories at the end (they are removed by default).")
  boolean keep;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  boolean help;

  /**
   * Runs the demo and exits with its exit code.
   *
   * @param args the command line; {@code --help} explains it
   */
  public static void main(String[] args) {
    int code = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
    System.exit(code);
  }

  /**
   * Runs the demo.
   *
   * @param args the command line
   * @param out where the status line, summary and help go
   * @param err where errors go
   * @return the exit code
   */
  static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new Demo());
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("demo failed: " + e);
          return 3;
        });
    return cli.execute(args);
  }

  @Override
  public Integer call() throws Exception {
    DemoSettings settings = settings();
    PrintWriter out = spec.commandLine().getOut();
    return new DemoRun(settings, out).run();
  }

  private DemoSettings settings() {
    if (capacityBytes < MIN_CAPACITY_BYTES) {
      throw usage("--capacity must be at least 64m: capacity=" + capacityBytes);
    }
    if (threshold != -1 && !(threshold >= 0 && threshold <= 1)) {
      throw usage("--threshold must be a fraction from 0 to 1, or -1: threshold=" + threshold);
    }
    if (duration.isNegative() || duration.isZero() || duration.compareTo(Duration.ofHours(1)) > 0) {
      throw usage("--duration must be more than 0 and at most 1h: duration=" + duration);
    }
    long burst = burstBytes == null ? capacityBytes * 2 / 5 : burstBytes;
    if (burst < MIB) {
      throw usage("--burst must be at least 1m: burst=" + burst);
    }
    if (pmemDir != null && !Files.isDirectory(pmemDir)) {
      throw usage("--pmem-dir is not a directory: " + pmemDir);
    }
    if (pmemDir != null && !DemoStorage.hasRoom(pmemDir, capacityBytes)) {
      // A pool larger than its tmpfs would fault (SIGBUS) when its pages are touched.
      throw usage(
          "--pmem-dir has no room for the capacity: dir="
              + pmemDir
              + ", capacity="
              + Units.size(capacityBytes)
              + " (choose a smaller --capacity)");
    }
    Path pmemBase = pmemDir != null ? pmemDir : DemoStorage.defaultPmemBase(capacityBytes);
    return new DemoSettings(
        pmemBase,
        pmemDir != null,
        diskDir,
        capacityBytes,
        threshold,
        duration,
        burst,
        SEGMENT_BYTES,
        Math.max(2 * capacityBytes, 4 * SEGMENT_BYTES),
        chart,
        keep);
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
