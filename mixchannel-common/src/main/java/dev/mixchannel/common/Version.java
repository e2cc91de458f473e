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
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * MixChannel's version, as the build wrote it into {@code dev/mixchannel/common/version.properties}
 * (every module's jar and every shaded jar that bundles this module carries it). The agent, the
 * bookie provider and the tool log or print it at start.
 *
 * <p>Immutable; thread-safe.
 */
public final class Version {

  private static final String RESOURCE = "version.properties";
  private static final String CURRENT = read();

  private Version() {}

  /**
   * The version of the MixChannel build this class belongs to.
   *
   * @return the version, such as {@code 0.1.0} or {@code 0.1.0-SNAPSHOT}
   */
  public static String current() {
    return CURRENT;
  }

  private static String read() {
    try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "MixChannel's version resource is missing: resource=" + RESOURCE + " (class path)");
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException("MixChannel's version resource unreadable: " + RESOURCE, e);
    }
  }
}
