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

import java.io.IOException;
import java.util.Arrays;

/** Closes several resources, every one even when some fail. Stateless. */
public final class Closeables {
  private Closeables() {}

  /**
   * Closes each resource in order, skipping {@code null}s.
   *
   * @param resources the resources
   * @param what what is being closed, for the message of a wrapped failure that is not an {@link
   *     IOException}
   * @throws IOException the first failure, with the later ones suppressed
   */
  public static void closeAll(Iterable<? extends AutoCloseable> resources, String what)
      throws IOException {
    IOException failure = closeCollecting(resources, what);
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Closes each resource in order, skipping {@code null}s, and returns what failed instead of
   * throwing it: for callers with more to do before they throw.
   *
   * @param resources the resources
   * @param what what is being closed, for the message of a wrapped failure that is not an {@link
   *     IOException}
   * @return {@code null} when every close succeeded; else the first failure, with the later ones
   *     suppressed
   */
  public static IOException closeCollecting(
      Iterable<? extends AutoCloseable> resources, String what) {
    IOException failure = null;
    for (AutoCloseable resource : resources) {
      if (resource == null) {
        continue;
      }
      try {
        resource.close();
      } catch (Exception e) {
        failure =
            Failures.chain(
                failure, e instanceof IOException x ? x : new IOException(what + " failed", e));
      }
    }
    return failure;
  }

  /**
   * Closes each resource in order, skipping {@code null}s.
   *
   * @param what what is being closed, for the message of a wrapped failure
   * @param resources the resources
   * @throws IOException the first failure, with the later ones suppressed
   */
  public static void closeAll(String what, AutoCloseable... resources) throws IOException {
    closeAll(Arrays.asList(resources), what);
  }

  /**
   * Closes each resource in order and adds every failure to {@code primary} as suppressed: for
   * cleaning up after a failure that is already being thrown.
   *
   * @param primary the failure being thrown
   * @param resources the resources; {@code null}s are skipped
   */
  public static void closeQuietly(Throwable primary, AutoCloseable... resources) {
    closeQuietly(primary, Arrays.asList(resources));
  }

  /**
   * Closes each resource in order and adds what fails to {@code primary} as suppressed: for
   * cleaning up after a failure that is already being thrown.
   *
   * @param primary the failure being thrown
   * @param resources the resources; {@code null}s are skipped
   */
  public static void closeQuietly(Throwable primary, Iterable<? extends AutoCloseable> resources) {
    IOException failure = closeCollecting(resources, "closing after a failure");
    if (failure != null) {
      primary.addSuppressed(failure);
    }
  }
}
