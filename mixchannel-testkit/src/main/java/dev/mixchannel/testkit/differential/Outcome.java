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
 * What one side of a differential step produced: the step's result (return value or exception
 * class, plus buffer states) and the channel state after it. Two outcomes match when both texts are
 * equal; the exception itself is kept only to show in a report.
 *
 * @param result the return value or exception class, and the buffers' position, limit and checksum
 * @param state the position and size of the handle the step used, or why they could not be read
 * @param error the first exception the step threw, or {@code null}
 */
record Outcome(String result, String state, Throwable error) {

  boolean matches(Outcome other) {
    return result.equals(other.result) && state.equals(other.state);
  }

  @Override
  public String toString() {
    return result + "; " + state;
  }
}
