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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A release range accepts plain releases between its ends and refuses everything else. */
class ReleaseRangeTest {

  private final ReleaseRange range = new ReleaseRange("4.16.0", "4.18.0");

  @Test
  void shouldAcceptPlainReleasesFromTheLowestUpToButNotIncludingAbove() {
    assertThat(range.contains("4.16.0")).isTrue();
    assertThat(range.contains("4.17.99")).isTrue();
    assertThat(range.contains("4.18.0")).isFalse();
    assertThat(range.contains("4.15.9")).isFalse();
    assertThat(range.contains("5.0.0")).isFalse();
    assertThat(range.contains("3.20.0")).isFalse();
  }

  @Test
  void shouldRefuseWhatIsNotAPlainRelease() {
    for (String v :
        new String[] {"4.17.2-SNAPSHOT", "4.17.0-rc1", "4.17", "", "x.y.z", "4.99999999999.0"}) {
      assertThat(range.contains(v)).as(v).isFalse();
    }
    assertThat(range.contains(null)).isFalse();
  }

  @Test
  void shouldRefuseEndsOutOfOrderOrNotReleases() {
    assertThatThrownBy(() -> new ReleaseRange("4.18.0", "4.16.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lowest=4.18.0");
    assertThatThrownBy(() -> new ReleaseRange("4.16", "4.18.0"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
