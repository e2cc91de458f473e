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
package dev.mixchannel.api;

/**
 * A configuration value is missing or invalid. Raised once, when a {@link MixChannelConfig} is
 * built; the message names the property, the bad value and what was expected.
 */
public class InvalidConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The property key. */
  private final String property;

  /** The offending value, or {@code null} when it was missing. */
  private final String value;

  /**
   * Creates the exception.
   *
   * @param property the property key, such as {@code mixchannel.migrate.threads}
   * @param value the bad value, or {@code null} when the property was missing
   * @param expected what was expected, such as {@code an integer from 1 to 64}
   */
  public InvalidConfigException(String property, String value, String expected) {
    super(
        "invalid configuration: property="
            + property
            + ", value="
            + (value == null ? "<missing>" : "'" + value + "'")
            + ", expected "
            + expected);
    this.property = property;
    this.value = value;
  }

  /**
   * The property key.
   *
   * @return the key
   */
  public String property() {
    return property;
  }

  /**
   * The offending value.
   *
   * @return the value, or {@code null} when it was missing
   */
  public String value() {
    return value;
  }
}
