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
package dev.mixchannel.common;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.StorageInUseException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The one command-line style of every operator command ({@code mixchannel-tool}, the Kafka
 * adapter's {@code Evacuate} and {@code QuarantineCommand}, the bookie's {@code Evacuate}): picocli
 * parsing with {@code --help} and {@code --version}, options spelt {@code --long-name <value>}, the
 * configuration file as the first parameter, errors as {@code <command>: <message>} on standard
 * error, and these exit codes:
 *
 * <ul>
 *   <li>{@value #OK}: success;
 *   <li>{@value #PROBLEMS}: the command ran, and found problems or left keys where they were;
 *   <li>{@value #USAGE}: bad usage (unknown option, missing argument), an invalid configuration, an
 *       unknown key or tier, a missing file;
 *   <li>{@value #FAILURE}: an I/O error or a failed operation (storage in use, a corrupt pool, a
 *       migration that failed).
 * </ul>
 *
 * <p>picocli is an optional dependency of this module: a module that runs commands declares it.
 * Stateless.
 */
public final class CommandLines {

  /** Exit code: success. */
  public static final int OK = 0;

  /** Exit code: problems found, or keys a command could not move. */
  public static final int PROBLEMS = 1;

  /** Exit code: bad usage, an invalid configuration, an unknown key or tier, a missing file. */
  public static final int USAGE = 2;

  /** Exit code: an I/O error or a failed operation. */
  public static final int FAILURE = 3;

  /** The exit-code footer every command's {@code --help} ends with. */
  public static final String EXIT_CODES =
      "Exit codes: 0 ok, 1 problems found or keys left, 2 bad usage, 3 I/O error or failed"
          + " operation.";

  private CommandLines() {}

  /**
   * Runs a picocli command: its {@code call()} (a {@link Callable} of an exit code) or its {@code
   * run()}, with the conventions above.
   *
   * @param command the annotated command object
   * @param args the command line
   * @param out where results, help and the version go
   * @param err where errors and usage messages go
   * @return the exit code
   */
  public static int execute(Object command, String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(command);
    // Enum parameters are written as the words they are (list, restore), whatever their case.
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (thrown, commandLine, parseResult) -> {
          // Methods without a checked exception (the tier manager's) wrap a refusal, such as a
          // key whose copies differ, in an UncheckedIOException: report the refusal itself.
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

  /**
   * Runs a picocli command as {@link #execute(Object, String[], PrintWriter, PrintWriter)} does,
   * writing to streams in the platform's charset.
   *
   * @param command the annotated command object
   * @param args the command line
   * @param out where results, help and the version go
   * @param err where errors and usage messages go
   * @return the exit code
   */
  public static int execute(Object command, String[] args, PrintStream out, PrintStream err) {
    return execute(
        command,
        args,
        new PrintWriter(out, true, Charset.defaultCharset()),
        new PrintWriter(err, true, Charset.defaultCharset()));
  }

  /**
   * The exit code of a command that failed with an exception.
   *
   * @param e the exception
   * @return {@value #USAGE} for bad input, {@value #FAILURE} otherwise
   */
  public static int exitCode(Exception e) {
    if (e instanceof InvalidConfigException
        || e instanceof IllegalArgumentException
        || e instanceof NoSuchFileException
        || e instanceof ParameterException) {
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

  /**
   * {@code --version}: the command's name and MixChannel's version ({@link Version}). Name it in
   * {@code @Command(versionProvider = CommandLines.VersionProvider.class)}.
   */
  public static final class VersionProvider implements IVersionProvider {

    @Spec CommandSpec spec;

    /** Created by picocli. */
    public VersionProvider() {}

    @Override
    public String[] getVersion() {
      return new String[] {spec.root().name() + " " + Version.current()};
    }
  }
}
