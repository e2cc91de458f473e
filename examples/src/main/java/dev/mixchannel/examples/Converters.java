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
package dev.mixchannel.examples;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Picocli converters for the demo's sizes and durations. */
final class Converters {

  private Converters() {}

  /**
   * Parses sizes such as {@code 256m}, {@code 1g}, {@code 64MiB}: suffixes k, m, g are powers of
   * 1024.
   */
  static final class Size implements ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*([kmg]?)(i?b)?");

    @Override
    public Long convert(String text) {
      Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw new TypeConversionException(
            "'" + text + "' is not a size: expected a number with an optional suffix k, m or g");
      }
      int shift =
          switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 0;
          };
      return Long.parseLong(m.group(1)) << shift;
    }
  }

  /**
   * Parses durations such as {@code 20s}, {@code 2m}, {@code 500ms} or plain seconds ({@code 30}).
   */
  static final class Time implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      try {
        if (t.endsWith("ms")) {
          return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).trim()));
        }
        if (t.endsWith("s")) {
          return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1).trim()));
        }
        if (t.endsWith("m")) {
          return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1).trim()));
        }
        return Duration.ofSeconds(Long.parseLong(t));
      } catch (NumberFormatException e) {
        throw new TypeConversionException(
            "'"
                + text
                + "' is not a duration: expected e.g. 20s, 2m, 500ms or a number of seconds");
      }
    }
  }
}
