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
package dev.mixchannel.testkit.junit.internal;

import org.slf4j.event.Level;

/**
 * One recorded WARN or ERROR event.
 *
 * @param logger the logger's name
 * @param level the level
 * @param message the formatted message
 * @param thread the name of the thread that logged it
 * @param throwable the throwable logged with it, or {@code null}
 */
public record LoggedEvent(
    String logger, Level level, String message, String thread, Throwable throwable) {

  /**
   * The event on one line, as slf4j-simple prints it (without the time).
   *
   * @return the description
   */
  public String describe() {
    String line = level + " [" + thread + "] " + logger + " - " + message;
    return throwable == null ? line : line + " (" + throwable + ")";
  }
}
