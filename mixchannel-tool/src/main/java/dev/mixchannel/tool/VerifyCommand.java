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

import dev.mixchannel.api.MixChannelConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code verify <config>}: checks a configuration's storage; non-zero exit on any problem. */
@Command(
    name = "verify",
    description = {
      "Check the storage of a configuration: every PMem pool verifies clean (superblock, slot and"
          + " extent-table checksums, extent accounting), no key is stored twice (on two tiers,"
          + " pools or directories), no incomplete key is left by an interrupted migration, and"
          + " tier directories hold only valid keys.",
      "Only reads. Run it while the storage's owner is stopped: on storage in use the result is a"
          + " snapshot of moving data.",
      "Exit code 0 when no problem was found, 1 otherwise."
    })
final class VerifyCommand extends ToolCommand {

  @Parameters(
      paramLabel = "<config>",
      description =
          "A properties file with mixchannel.* or Pafka keys (such as server.properties).")
  Path config;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    MixChannelConfig parsed = MixChannelConfig.load(config);
    out.println("verifying " + config.toAbsolutePath());
    List<String> problems = StorageVerifier.verify(parsed, out);
    if (problems.isEmpty()) {
      out.println("RESULT: OK, no problems found");
      out.flush();
      return MixChannelTool.OK;
    }
    out.println("RESULT: " + problems.size() + " problem(s) found, each marked PROBLEM above");
    out.flush();
    return MixChannelTool.PROBLEMS;
  }
}
