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

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host releases an adapter was built for: from {@code lowest} up to, not including, {@code
 * above}, compared number by number. Only plain releases {@code major.minor.patch} are in a range:
 * a release candidate, a snapshot or an unparsable string is not. The one rule both adapters'
 * version checks use. Immutable.
 *
 * @param lowest the lowest accepted release, such as {@code 4.1.1}
 * @param above the first release no longer accepted, such as {@code 4.5.0}
 */
public record ReleaseRange(String lowest, String above) {

  private static final Pattern RELEASE = Pattern.compile("(\\d{1,6})\\.(\\d{1,6})\\.(\\d{1,6})");

  /**
   * Checks both ends.
   *
   * @param lowest the lowest accepted release
   * @param above the first release no longer accepted
   * @throws IllegalArgumentException when an end is not a plain release or they are out of order
   */
  public ReleaseRange {
    if (parts(lowest) == null || parts(above) == null || compare(lowest, above) >= 0) {
      throw new IllegalArgumentException(
          "not a range of releases: lowest=" + lowest + ", above=" + above);
    }
  }

  /**
   * Whether a version is a plain release in the range.
   *
   * @param version the version a host reports
   * @return whether {@code lowest <= version < above}
   */
  public boolean contains(String version) {
    return parts(version) != null && compare(version, lowest) >= 0 && compare(version, above) < 0;
  }

  private static int compare(String a, String b) {
    int[] x = parts(a);
    int[] y = parts(b);
    for (int i = 0; i < 3; i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return 0;
  }

  private static int[] parts(String version) {
    Matcher m = version == null ? null : RELEASE.matcher(version);
    if (m == null || !m.matches()) {
      return null;
    }
    return new int[] {
      Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))
    };
  }
}
