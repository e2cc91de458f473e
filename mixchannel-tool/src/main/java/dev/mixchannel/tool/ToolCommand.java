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

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A subcommand of {@link MixChannelTool}: it has picocli's standard help options ({@code --help},
 * {@code --version}), and writes its results to the tool's standard output. picocli reads this
 * class's {@code @Command} attributes before the subclass's, which adds its name, description,
 * parameters and {@link #call()}. One object runs one command line; not thread-safe.
 */
@Command(mixinStandardHelpOptions = true)
abstract class ToolCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  /**
   * Where the command's results go.
   *
   * @return the tool's standard output, which {@link MixChannelTool#run} flushes at the end
   */
  final PrintWriter out() {
    return spec.commandLine().getOut();
  }
}
