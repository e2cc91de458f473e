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
package dev.mixchannel.tool;

import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.pmem.PoolReport;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code inspect <pool file>}: prints a PMem pool's metadata, like {@code pmempool info}. */
@Command(
    name = "inspect",
    description = {
      "Print a PMem pool's superblock, its slots (state, generation, size, extents, key) and its"
          + " extent usage, and every problem found (checksum mismatches, stray entries).",
      "Only reads the file, so it works on a pool in use (the result is then a snapshot).",
      "Exit code 0 when the pool is healthy, 1 when problems were found."
    })
final class InspectCommand extends ToolCommand {

  @Parameters(
      paramLabel = "<pool>",
      description =
          "The pool file, or a PMem tier directory holding " + PoolInspector.POOL_FILE_NAME)
  Path pool;

  @Option(names = "--extents", description = "Also list the extent numbers of every slot.")
  boolean extents;

  @Override
  public Integer call() throws Exception {
    Path file = Files.isDirectory(pool) ? pool.resolve(PoolInspector.POOL_FILE_NAME) : pool;
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "no PMem pool file here");
    }
    PoolReport report = PoolInspector.inspect(file);
    PoolReportPrinter.print(report, extents, out());
    return report.healthy() ? MixChannelTool.OK : MixChannelTool.PROBLEMS;
  }
}
