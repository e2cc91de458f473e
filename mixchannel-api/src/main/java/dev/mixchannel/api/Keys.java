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

import java.nio.charset.StandardCharsets;

/**
 * Validation of channel keys, shared by every tier so that all tiers accept exactly the same keys
 * (see {@link StorageTier} for the rules).
 */
public final class Keys {

  /** The longest segment of a key, in UTF-8 bytes (the common file-name limit). */
  public static final int MAX_SEGMENT_BYTES = 255;

  private Keys() {}

  /**
   * Checks a key against the rules of {@link StorageTier}.
   *
   * @param key the key
   * @return the key, for chaining
   * @throws NullPointerException when the key is null
   * @throws IllegalArgumentException naming the key and the rule it breaks
   */
  public static String validate(String key) {
    if (key == null) {
      throw new NullPointerException("key");
    }
    if (key.isEmpty()) {
      throw invalid(key, "it is empty");
    }
    if (key.indexOf('\0') >= 0) {
      throw invalid(key, "it contains NUL");
    }
    if (key.startsWith("/")
        || key.indexOf('\\') >= 0
        || (key.length() > 1 && key.charAt(1) == ':')) {
      throw invalid(key, "it must be a relative path with '/' separators");
    }
    if (key.endsWith(StorageTier.INCOMPLETE_SUFFIX)) {
      throw invalid(key, "the suffix " + StorageTier.INCOMPLETE_SUFFIX + " is reserved");
    }
    if (key.startsWith(StorageTier.RESERVED_PREFIX)) {
      throw invalid(key, "names starting with " + StorageTier.RESERVED_PREFIX + " are reserved");
    }
    int start = 0;
    while (start <= key.length()) {
      int end = key.indexOf('/', start);
      if (end < 0) {
        end = key.length();
      }
      String segment = key.substring(start, end);
      if (segment.isEmpty()) {
        throw invalid(key, "it has an empty segment");
      }
      if (segment.equals(".") || segment.equals("..")) {
        throw invalid(key, "it has a '" + segment + "' segment");
      }
      if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_SEGMENT_BYTES) {
        throw invalid(key, "a segment is longer than " + MAX_SEGMENT_BYTES + " UTF-8 bytes");
      }
      start = end + 1;
    }
    return key;
  }

  /**
   * The directory part of a key: everything before the last {@code /}.
   *
   * @param key a valid key
   * @return the parent, or the empty string for a top-level key
   */
  public static String parent(String key) {
    int slash = key.lastIndexOf('/');
    return slash < 0 ? "" : key.substring(0, slash);
  }

  private static IllegalArgumentException invalid(String key, String why) {
    return new IllegalArgumentException("invalid key: key=" + printable(key) + ", " + why);
  }

  private static String printable(String key) {
    return "'" + key.replace("\0", "\\0") + "'";
  }
}
