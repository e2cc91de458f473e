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
package dev.mixchannel.bookkeeper.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelException;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.bookkeeper.bookie.FileChannelProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The provider's BookKeeper version check: the range, the override, where the version is read. */
class BookKeeperVersionCheckTest {

  @TempDir Path temp;

  @Test
  void shouldAcceptTheTestedMinorLinesAndRefuseEverythingElse() {
    List<String> accepted = new ArrayList<>(BookKeeperVersionCheck.TESTED);
    accepted.addAll(List.of("4.16.0", "4.16.12", "4.17.0", "4.17.9"));
    assertThat(accepted).allMatch(BookKeeperVersionCheck::inRange);
    assertThat(
            List.of(
                "4.15.0",
                "4.15.5",
                "4.18.0",
                "5.16.0",
                "3.17.0",
                "4.17.2-SNAPSHOT",
                "4.17",
                "4.17.2.1",
                BookKeeperVersionCheck.UNKNOWN,
                ""))
        .noneMatch(BookKeeperVersionCheck::inRange);
  }

  @Test
  void shouldFindATestedVersionWhenReadFromTheBookKeeperOfTheClassPath() throws IOException {
    assertThat(BookKeeperVersionCheck.find(FileChannelProvider.class.getClassLoader()))
        .isIn(BookKeeperVersionCheck.TESTED);
  }

  @Test
  void shouldRefuseAVersionOutsideTheRangeUnlessTheSettingNamesIt() throws IOException {
    try (URLClassLoader bookKeeper = bookKeeper("4.18.0")) {
      assertThatThrownBy(() -> BookKeeperVersionCheck.check(bookKeeper, ""))
          .isInstanceOf(MixChannelException.class)
          .hasMessageStartingWith(
              "MixChannel journal provider refuses to run on a BookKeeper it was not built for:"
                  + " version=4.18.0, tested=[4.16.6, 4.17.2], accepted=4.16.0 to 4.17.x (set"
                  + " mixchannel.bookkeeper.version.allow=4.18.0 in the bookie configuration");
      assertThatThrownBy(() -> BookKeeperVersionCheck.check(bookKeeper, "4.18.1"))
          .isInstanceOf(MixChannelException.class);
      assertThat(BookKeeperVersionCheck.check(bookKeeper, "4.18.0")).isEqualTo("4.18.0");
    }
    try (URLClassLoader bookKeeper = bookKeeper("4.15.1")) {
      assertThatThrownBy(() -> BookKeeperVersionCheck.check(bookKeeper, ""))
          .hasMessageContaining("version=4.15.1");
    }
    try (URLClassLoader bookKeeper = bookKeeper("4.16.0")) {
      assertThat(BookKeeperVersionCheck.check(bookKeeper, "")).isEqualTo("4.16.0");
    }
  }

  @Test
  void shouldReportUnknownWhenTheJarOfFileChannelProviderNamesNoVersion() throws IOException {
    Path bare = BookieFixture.bookKeeperRoot(temp.resolve("bare"), null);
    Path other = BookieFixture.bookKeeperRoot(temp.resolve("other"), "4.17.2");
    try (URLClassLoader loader = loader(bare, other)) {
      assertThat(BookKeeperVersionCheck.find(loader)).isEqualTo(BookKeeperVersionCheck.UNKNOWN);
      assertThatThrownBy(() -> BookKeeperVersionCheck.check(loader, ""))
          .hasMessageContaining("version=unknown")
          .hasMessageContaining("mixchannel.bookkeeper.version.allow=unknown");
      assertThat(BookKeeperVersionCheck.check(loader, "unknown")).isEqualTo("unknown");
    }
    try (URLClassLoader none = loader()) {
      assertThat(BookKeeperVersionCheck.find(none)).isEqualTo(BookKeeperVersionCheck.UNKNOWN);
    }
  }

  private URLClassLoader bookKeeper(String version) throws IOException {
    return loader(BookieFixture.bookKeeperRoot(temp.resolve(version), version));
  }

  private static URLClassLoader loader(Path... roots) throws IOException {
    URL[] urls = new URL[roots.length];
    for (int i = 0; i < roots.length; i++) {
      urls[i] = roots[i].toUri().toURL();
    }
    return new URLClassLoader(urls, null);
  }
}
