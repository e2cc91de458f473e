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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The settings of an adapter whose own keys share one set of properties with the tier keys (the
 * Kafka adapter's {@code mixchannel.kafka.*} in its settings file, the journal provider's {@code
 * mixchannel.bookkeeper.*} in the bookie's configuration): the adapter's keys, which start with its
 * prefix and must each be one it knows, and every other key, which goes to the tiers. Reads the
 * adapter's values with the checks and messages every adapter uses. Immutable.
 */
public final class PrefixedSettings {

  private final Map<String, String> values;
  private final String prefix;

  private PrefixedSettings(Map<String, String> values, String prefix) {
    this.values = values;
    this.prefix = prefix;
  }

  /**
   * Splits settings into an adapter's keys and the rest, refusing an adapter key it does not know.
   *
   * @param values every key with its value, in the order a refusal looks at them
   * @param prefix the prefix of the adapter's keys, such as {@code mixchannel.kafka.}
   * @param knownKeys the adapter's keys, each starting with the prefix, in the order a refusal
   *     names them
   * @return the settings
   * @throws InvalidConfigException for the first key that starts with the prefix and is not known,
   *     naming the known keys
   */
  public static PrefixedSettings of(
      Map<String, String> values, String prefix, List<String> knownKeys) {
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (e.getKey().startsWith(prefix) && !knownKeys.contains(e.getKey())) {
        throw new InvalidConfigException(
            e.getKey(), e.getValue(), "a known key (" + String.join(", ", knownKeys) + ")");
      }
    }
    return new PrefixedSettings(Collections.unmodifiableMap(new LinkedHashMap<>(values)), prefix);
  }

  /**
   * Splits settings given as properties, as {@link #of(Map, String, List)} does.
   *
   * @param properties every key with its value
   * @param prefix the prefix of the adapter's keys
   * @param knownKeys the adapter's keys
   * @return the settings
   * @throws InvalidConfigException for a key that starts with the prefix and is not known
   */
  public static PrefixedSettings of(Properties properties, String prefix, List<String> knownKeys) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String name : properties.stringPropertyNames()) {
      values.put(name, properties.getProperty(name));
    }
    return of(values, prefix, knownKeys);
  }

  /**
   * Every key that does not start with the prefix: the tier keys, and whatever else the properties
   * hold.
   *
   * @return a new properties object the caller owns
   */
  public Properties others() {
    Properties others = new Properties();
    values.forEach(
        (name, value) -> {
          if (!name.startsWith(prefix)) {
            others.setProperty(name, value);
          }
        });
    return others;
  }

  /**
   * The value of a key, as it was given.
   *
   * @param key the key
   * @return its value, or empty when it is not set
   */
  public Optional<String> value(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /**
   * The value of a key of milliseconds.
   *
   * @param key the key
   * @param defaultValue its value when it is not set
   * @return the value, {@code >= 0}
   * @throws InvalidConfigException when the value is not a whole number {@code >= 0}
   */
  public long millis(String key, long defaultValue) {
    String text = values.get(key);
    if (text == null) {
      return defaultValue;
    }
    try {
      long value = Long.parseLong(text.trim());
      if (value >= 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InvalidConfigException(key, text, "milliseconds >= 0");
  }

  /**
   * The value of a boolean key, {@code true} or {@code false} in any case.
   *
   * @param key the key
   * @return the value, {@code false} when it is not set
   * @throws InvalidConfigException when the value is neither
   */
  public boolean bool(String key) {
    String text = values.get(key);
    if (text == null) {
      return false;
    }
    String value = text.trim();
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new InvalidConfigException(key, text, "true or false");
  }
}
