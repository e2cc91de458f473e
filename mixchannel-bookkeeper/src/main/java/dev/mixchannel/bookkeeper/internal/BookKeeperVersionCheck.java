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

import dev.mixchannel.api.MixChannelException;
import dev.mixchannel.common.ReleaseRange;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The BookKeeper releases the provider was built for, and the check that refuses any other. The
 * provider relies on bookie behaviour no interface promises (the bookie creates a journal's file
 * before it asks for the channel, never asks a journal's size, deletes journals by path, reads the
 * header of every journal it replays): each was checked in the sources of {@link #TESTED} and is
 * exercised by real bookies of both. Accepted without a setting: {@value #LOWEST} (the first
 * release with the whole {@code FileChannelProvider} interface) up to every patch release of the
 * newest tested minor line ({@code 4.17.x}). Anything else, a release candidate or snapshot
 * included, runs only when {@link JournalSettings#VERSION_ALLOW} names that exact version.
 *
 * <p>The version is the one in {@value #RESOURCE} of the {@code bookkeeper-server} jar that holds
 * {@code FileChannelProvider}, read as a resource so that no further BookKeeper class is loaded. A
 * jar without it (a repackaged bookie) reports {@value #UNKNOWN}, which runs only when the setting
 * says {@value #UNKNOWN}. Stateless.
 */
public final class BookKeeperVersionCheck {

  /** The releases the provider was tested on. */
  public static final List<String> TESTED = List.of("4.16.6", "4.17.2");

  /** The lowest release accepted without a setting. */
  public static final String LOWEST = "4.16.0";

  /** The accepted releases, as a description: every patch release of these minor lines. */
  public static final String ACCEPTED = LOWEST + " to 4.17.x";

  /** The version reported when the BookKeeper jar does not say. */
  public static final String UNKNOWN = "unknown";

  /** The resource of {@code bookkeeper-server} that names its version. */
  static final String RESOURCE =
      "META-INF/maven/org.apache.bookkeeper/bookkeeper-server/pom.properties";

  /** The class file whose jar the version is read from. */
  static final String ANCHOR = "org/apache/bookkeeper/bookie/FileChannelProvider.class";

  /** The accepted releases: 4.16.x and 4.17.x, plain releases only. */
  private static final ReleaseRange RANGE = new ReleaseRange(LOWEST, "4.18.0");

  private BookKeeperVersionCheck() {}

  /**
   * Whether a version is in the accepted range.
   *
   * @param version a BookKeeper version string
   * @return whether it is a release from {@value #LOWEST} up to the newest tested minor line
   */
  public static boolean inRange(String version) {
    return RANGE.contains(version);
  }

  /**
   * The BookKeeper version of a class path: {@value #RESOURCE} from the jar (or directory) that
   * holds {@code FileChannelProvider}.
   *
   * @param loader the class loader BookKeeper's classes come from
   * @return the version, or {@value #UNKNOWN} when that jar does not name one
   * @throws IOException when the resource cannot be read
   */
  public static String find(ClassLoader loader) throws IOException {
    URL anchor = loader.getResource(ANCHOR);
    if (anchor == null) {
      return UNKNOWN;
    }
    String root = anchor.toString().substring(0, anchor.toString().length() - ANCHOR.length());
    for (URL url : Collections.list(loader.getResources(RESOURCE))) {
      if (url.toString().equals(root + RESOURCE)) {
        return read(url).orElse(UNKNOWN);
      }
    }
    return UNKNOWN;
  }

  /**
   * Checks the BookKeeper of a class path.
   *
   * @param loader the class loader BookKeeper's classes come from
   * @param allowed the version {@link JournalSettings#VERSION_ALLOW} names, empty for none
   * @return the BookKeeper version
   * @throws MixChannelException when the version is outside the range and {@code allowed} does not
   *     name it
   * @throws IOException when the version cannot be read
   */
  public static String check(ClassLoader loader, String allowed) throws IOException {
    String version = find(loader);
    if (!inRange(version) && !version.equals(allowed)) {
      throw new MixChannelException(
          String.format(
              "MixChannel journal provider refuses to run on a BookKeeper it was not built for:"
                  + " version=%s, tested=%s, accepted=%s (set %s=%s in the bookie configuration to"
                  + " run on it anyway, at your own risk; the version is read from %s of the jar"
                  + " holding FileChannelProvider)",
              version, TESTED, ACCEPTED, JournalSettings.VERSION_ALLOW, version, RESOURCE));
    }
    return version;
  }

  private static Optional<String> read(URL url) throws IOException {
    try (InputStream in = url.openStream()) {
      Properties pom = new Properties();
      pom.load(in);
      return Optional.ofNullable(pom.getProperty("version"))
          .map(String::trim)
          .filter(v -> !v.isEmpty());
    } catch (IOException e) {
      throw new IOException("cannot read the BookKeeper version: resource=" + url, e);
    }
  }
}
