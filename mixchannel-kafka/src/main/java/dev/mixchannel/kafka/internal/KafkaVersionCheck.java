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

import dev.mixchannel.common.ReleaseRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The Kafka releases the agent was built for, and the check that refuses any other. Tested: {@link
 * #TESTED} (issue 17's runs; CI runs real brokers of 4.1.1 and 4.4.0). Accepted without a setting:
 * {@value #LOWEST} up to every patch release of the newest tested minor line ({@code 4.4.x}), as a
 * patch release keeps the classes the agent advises (and the advice count stops the JVM when one
 * does not: {@link AdviceRecord}). Anything else, a release candidate or snapshot included, runs
 * only when {@link AdapterSettings#VERSION_ALLOW} names that exact version. The version is what
 * {@code kafka-clients} reports ({@code kafka/kafka-version.properties}, read as a resource so that
 * no Kafka class is loaded). Stateless.
 */
public final class KafkaVersionCheck {

  /** The releases the agent was tested on. */
  public static final List<String> TESTED = List.of("4.1.1", "4.2.2", "4.3.2", "4.4.0");

  /** The lowest release accepted without a setting. */
  public static final String LOWEST = "4.1.1";

  /** The resource of {@code kafka-clients} that names its version. */
  static final String RESOURCE = "kafka/kafka-version.properties";

  /** Accepted without a setting: up to the next minor line after the newest tested. */
  private static final ReleaseRange ACCEPTED = new ReleaseRange(LOWEST, "4.5.0");

  private KafkaVersionCheck() {}

  /**
   * Whether a version is in the tested range.
   *
   * @param version a Kafka version string
   * @return whether it is a release from {@value #LOWEST} up to the newest tested minor line
   */
  public static boolean inRange(String version) {
    return ACCEPTED.contains(version);
  }

  /**
   * The Kafka version on a class path.
   *
   * @param loader the class loader Kafka's classes come from
   * @return the version, or empty when no {@code kafka-clients} is there
   */
  public static Optional<String> find(ClassLoader loader) {
    URL url = loader.getResource(RESOURCE);
    if (url == null) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (InputStream in = url.openStream()) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Kafka version: resource=" + url, e);
    }
    return Optional.ofNullable(properties.getProperty("version")).map(String::trim);
  }

  /**
   * Checks the Kafka on a class path.
   *
   * @param loader the class loader Kafka's classes come from
   * @param allowed the version {@link AdapterSettings#VERSION_ALLOW} names, empty for none
   * @return the Kafka version
   * @throws IllegalStateException when there is no Kafka, or a version outside the range that
   *     {@code allowed} does not name
   */
  public static String check(ClassLoader loader, String allowed) {
    String version =
        find(loader)
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "MixChannel agent refuses to run: no Kafka on the class path ("
                            + RESOURCE
                            + " of kafka-clients not found)"));
    if (inRange(version) || version.equals(allowed)) {
      return version;
    }
    throw new IllegalStateException(
        "MixChannel agent refuses to run on a Kafka it was not built for: version="
            + version
            + ", tested="
            + TESTED
            + ", accepted="
            + LOWEST
            + " to 4.4.x (set "
            + AdapterSettings.VERSION_ALLOW
            + "="
            + version
            + " in the agent's settings to run on it anyway, at your own risk)");
  }
}
