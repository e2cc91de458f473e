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
package dev.mixchannel.kafka.internal;

import java.util.function.Consumer;
import org.slf4j.LoggerFactory;

/**
 * How the agent stops a JVM it must not run in: the reason goes to standard error and to the log at
 * ERROR, then the JVM halts with exit code {@value #EXIT_CODE}. A halt, not an exit: the stop can
 * come from inside a class transformation, where shutdown hooks waiting on the class being loaded
 * would never end; no shutdown hook runs, as after a {@code kill -9}, which every layer of
 * MixChannel survives. Stateless.
 */
public final class JvmStop implements Consumer<String> {

  /** The exit code of the stop. */
  public static final int EXIT_CODE = 1;

  @Override
  public void accept(String reason) {
    System.err.println("MixChannel agent stops the JVM: " + reason);
    System.err.flush();
    try {
      LoggerFactory.getLogger(JvmStop.class).error("MixChannel agent stops the JVM: {}", reason);
    } finally {
      Runtime.getRuntime().halt(EXIT_CODE);
    }
  }
}
