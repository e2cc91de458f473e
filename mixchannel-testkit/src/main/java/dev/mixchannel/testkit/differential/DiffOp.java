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
package dev.mixchannel.testkit.differential;

/**
 * One step of a differential run, applied identically to the JDK side and to the side under test. A
 * step holds all its random choices, so a list of steps is a complete, replayable script.
 */
interface DiffOp {

  /** The handle whose position and size are compared after the step. */
  int handle();

  /**
   * Runs the step on one side. Exceptions from the channel are part of the returned text, via
   * {@link DiffSide#call}.
   *
   * @param side the side
   * @param referenceSizeBytes the size of the JDK's file before the step (through the JDK's main
   *     handle when it is open, which after a delete or rename still has the old bytes), for
   *     size-relative arguments
   * @return the step's result
   * @throws Exception when the harness itself fails
   */
  String apply(DiffSide side, long referenceSizeBytes) throws Exception;

  /**
   * How a step describes itself: {@code call(hN, argument, ...)}, the {@code null} arguments (the
   * optional ones a step does not have) left out.
   *
   * @param call the name of the call
   * @param handle the step's handle
   * @param arguments the arguments as they are shown, or {@code null} for one left out
   * @return the description
   */
  static String describe(String call, int handle, Object... arguments) {
    StringBuilder description = new StringBuilder(call).append("(h").append(handle);
    for (Object argument : arguments) {
      if (argument != null) {
        description.append(", ").append(argument);
      }
    }
    return description.append(')').toString();
  }
}
