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

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses configured byte sizes such as {@code 64m} (the suffixes are powers of 1024) and formats
 * numbers in configuration errors. Byte counts for people are formatted by the common module.
 */
final class Sizes {

  private static final Pattern SIZE = Pattern.compile("(\\d{1,19})\\s*([kKmMgGtT]?)");

  private Sizes() {}

  /**
   * Parses a size: digits with an optional {@code k}, {@code m}, {@code g} or {@code t} suffix
   * (either case, powers of 1024).
   *
   * @param text the text
   * @return the size in bytes, or {@code -1} when the text is {@code -1}
   * @throws IllegalArgumentException when the text is not such a size or overflows a long
   */
  public static long parse(String text) {
    String t = text.trim();
    if (t.equals("-1")) {
      return -1;
    }
    Matcher m = SIZE.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a size: " + text);
    }
    long value = Long.parseLong(m.group(1));
    int shift =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "k" -> 10;
          case "m" -> 20;
          case "g" -> 30;
          case "t" -> 40;
          default -> 0;
        };
    if (shift > 0 && value > (Long.MAX_VALUE >> shift)) {
      throw new IllegalArgumentException("size overflows a long: " + text);
    }
    return value << shift;
  }

  /**
   * Formats a number without a trailing {@code .0} for whole values.
   *
   * @param value the number
   * @return the text
   */
  public static String formatNumber(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return Double.toString(value);
  }
}
