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

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.StorageInUseException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
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
 *       tiers differ, removes the other.
 * </ul>
 *
 * <p>Exit codes: {@value #OK} success; {@value #PROBLEMS} problems found ({@code inspect}, {@code
 * verify}) or keys left behind ({@code evacuate}); {@value #USAGE} bad usage (unknown command or
 * option, missing argument, invalid configuration, unknown key or tier); {@value #FAILURE} an I/O
 * error or a failed operation (storage in use, a corrupt pool refused, a migration that failed).
 * {@code migrate}, {@code evacuate} and {@code resolve} open the storage as the library does, so
 * the process that normally owns it (a broker, an application) must be stopped; {@code inspect} and
 * {@code verify} only read.
 */
@Command(
    name = "mixchannel-tool",
    mixinStandardHelpOptions = true,
    versionProvider = ToolVersion.class,
    description = "Inspect, verify and move the storage of MixChannel tiers.",
    subcommands = {
      InspectCommand.class,
      VerifyCommand.class,
      MigrateCommand.class,
      EvacuateCommand.class,
      ResolveCommand.class,
      CommandLine.HelpCommand.class
    },
    footer = {
      "",
      "Exit codes: 0 ok, 1 problems found (or keys left by evacuate), 2 bad usage,"
          + " 3 I/O error or failed operation."
    })
public final class MixChannelTool implements Runnable {

  /** Exit code: success. */
  public static final int OK = 0;

  /** Exit code: problems found, or keys {@code evacuate} could not move. */
  public static final int PROBLEMS = 1;

  /** Exit code: bad usage, an invalid configuration, an unknown key or tier. */
  public static final int USAGE = 2;

  /** Exit code: an I/O error or a failed operation. */
  public static final int FAILURE = 3;

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
    CommandLine cli = new CommandLine(new MixChannelTool());
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (thrown, commandLine, parseResult) -> {
          // The manager's methods without a checked exception wrap a refusal (a key whose copies
          // differ) in an UncheckedIOException: report the refusal itself.
          Exception e = thrown instanceof UncheckedIOException u ? u.getCause() : thrown;
          commandLine.getErr().println(commandLine.getCommandName() + ": " + describe(e));
          commandLine.getErr().flush();
          return exitCode(e);
        });
    int code = cli.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "missing command: inspect, verify, migrate, evacuate or resolve");
  }

  static int exitCode(Exception e) {
    if (e instanceof InvalidConfigException
        || e instanceof IllegalArgumentException
        || e instanceof NoSuchFileException) {
      return USAGE;
    }
    return FAILURE;
  }

  private static String describe(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or key: " + e.getMessage();
    }
    if (e instanceof StorageInUseException) {
      return e.getMessage() + " (stop the process that uses this storage first)";
    }
    if (e instanceof IOException || e instanceof IllegalArgumentException) {
      String message = e.getMessage();
      return message == null ? e.toString() : message;
    }
    return e.toString();
  }
}
