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

import dev.mixchannel.common.CommandLines;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The operator tool's entry point: {@code java -jar mixchannel-tool.jar <command> ...}.
 *
 * <ul>
 *   <li>{@code inspect <pool file>}: the superblock, slots and extent usage of a PMem pool;
 *   <li>{@code verify <config>}: checksums and cross-tier consistency of a configuration's storage;
 *   <li>{@code migrate <config> <key> <tier>}: moves one key now;
 *   <li>{@code evacuate <config> --to <tier>}: moves every key to one tier;
 *   <li>{@code resolve <config> --keep <tier> <key>}: keeps one copy of a key whose copies on two
 *       tiers differ, removes the other;
 *   <li>{@code accept-layout <config>}: accepts the tiers' directories as configured after an
 *       intended change the library refuses by default.
 * </ul>
 *
 * <p>The conventions of every operator command ({@link CommandLines}). Exit codes: {@value #OK}
 * success; {@value #PROBLEMS} problems found ({@code inspect}, {@code verify}) or keys left behind
 * ({@code evacuate}); {@value #USAGE} bad usage (unknown command or option, missing argument,
 * invalid configuration, unknown key or tier); {@value #FAILURE} an I/O error or a failed operation
 * (storage in use, a corrupt pool refused, a migration that failed). {@code migrate}, {@code
 * evacuate}, {@code resolve} and {@code accept-layout} open the storage as the library does, so the
 * process that normally owns it (a broker, an application) must be stopped; {@code inspect} and
 * {@code verify} only read.
 */
@Command(
    name = "mixchannel-tool",
    mixinStandardHelpOptions = true,
    versionProvider = CommandLines.VersionProvider.class,
    description = "Inspect, verify and move the storage of MixChannel tiers.",
    subcommands = {
      InspectCommand.class,
      VerifyCommand.class,
      MigrateCommand.class,
      EvacuateCommand.class,
      ResolveCommand.class,
      AcceptLayoutCommand.class,
      CommandLine.HelpCommand.class
    },
    footer = {"", CommandLines.EXIT_CODES})
public final class MixChannelTool implements Runnable {

  /** Exit code: success ({@link CommandLines#OK}). */
  public static final int OK = CommandLines.OK;

  /** Exit code: problems found, or keys {@code evacuate} could not move. */
  public static final int PROBLEMS = CommandLines.PROBLEMS;

  /** Exit code: bad usage, an invalid configuration, an unknown key or tier. */
  public static final int USAGE = CommandLines.USAGE;

  /** Exit code: an I/O error or a failed operation. */
  public static final int FAILURE = CommandLines.FAILURE;

  @Spec CommandSpec spec;

  private MixChannelTool() {}

  /**
   * Runs the tool and exits with its exit code.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /**
   * Runs the tool.
   *
   * @param args the command line
   * @param out where results go
   * @param err where errors and usage messages go
   * @return the exit code
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return CommandLines.execute(new MixChannelTool(), args, out, err);
  }

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "missing command: inspect, verify, migrate, evacuate or resolve");
  }
}
