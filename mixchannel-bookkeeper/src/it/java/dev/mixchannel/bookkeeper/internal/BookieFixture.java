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

import dev.mixchannel.api.MixChannelConfig;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.bookkeeper.conf.ServerConfiguration;

/**
 * A bookie's directories and configuration for tests without a bookie: a journal directory, a
 * ledger directory, and tiers (a PMem pool directory under {@code /dev/shm}, a disk directory).
 */
public final class BookieFixture implements AutoCloseable {

  private final Path root;
  private final Path pmem;
  private final ServerConfiguration conf = new ServerConfiguration();

  /**
   * Creates the directories and the configuration.
   *
   * @param root a fresh directory on disk
   * @throws IOException when a directory cannot be created
   */
  public BookieFixture(Path root) throws IOException {
    this.root = root;
    Path shm = Path.of("/dev/shm");
    this.pmem = Files.createTempDirectory(Files.isDirectory(shm) ? shm : root, "mixchannel-bk-");
    Files.createDirectories(journalCurrent());
    Files.createDirectories(ledgerCurrent());
    conf.setJournalDirsName(new String[] {root.resolve("journal").toString()});
    conf.setLedgerDirNames(new String[] {root.resolve("ledgers").toString()});
    tierProperties().forEach((key, value) -> conf.setProperty((String) key, value));
  }

  /**
   * The bookie configuration (a real {@code ServerConfiguration}).
   *
   * @return the configuration, which tests may change
   */
  public ServerConfiguration conf() {
    return conf;
  }

  /**
   * The journal directory the bookie writes to.
   *
   * @return {@code <root>/journal/current}
   */
  public Path journalCurrent() {
    return root.resolve("journal").resolve("current");
  }

  /**
   * The ledger directory's {@code current}, where the last log mark is.
   *
   * @return {@code <root>/ledgers/current}
   */
  public Path ledgerCurrent() {
    return root.resolve("ledgers").resolve("current");
  }

  /**
   * The PMem tier's directory.
   *
   * @return the directory
   */
  public Path pmemDir() {
    return pmem;
  }

  /**
   * The tier configuration.
   *
   * @return the configuration the provider builds
   */
  public MixChannelConfig tierConfig() {
    return MixChannelConfig.fromProperties(tierProperties());
  }

  /**
   * The provider's settings for this bookie.
   *
   * @return the settings
   * @throws IOException when reading fails
   */
  public JournalSettings settings() throws IOException {
    return JournalSettings.from(BookieConfig.of(conf));
  }

  /**
   * Writes a last log mark for the bookie's only journal.
   *
   * @param logId the journal id of the mark
   * @throws IOException when writing fails
   */
  public void writeLastMark(long logId) throws IOException {
    ByteBuffer mark = ByteBuffer.allocate(16).putLong(logId).putLong(512);
    Files.write(ledgerCurrent().resolve("lastMark"), mark.array());
  }

  /**
   * Makes a class path root that shows a BookKeeper of a given version to {@link
   * BookKeeperVersionCheck}: the class file of {@code FileChannelProvider} (never loaded, so any
   * bytes do) and, unless the version is null, {@code bookkeeper-server}'s {@code pom.properties}.
   *
   * @param root the directory to fill
   * @param version the version it names, or null for none
   * @return {@code root}
   * @throws IOException when the files cannot be written
   */
  public static Path bookKeeperRoot(Path root, String version) throws IOException {
    Path anchor = root.resolve(BookKeeperVersionCheck.ANCHOR);
    Files.createDirectories(anchor.getParent());
    Files.write(anchor, new byte[] {(byte) 0xca, (byte) 0xfe});
    if (version != null) {
      Path resource = root.resolve(BookKeeperVersionCheck.RESOURCE);
      Files.createDirectories(resource.getParent());
      Files.writeString(
          resource,
          "artifactId=bookkeeper-server\ngroupId=org.apache.bookkeeper\nversion=" + version + "\n");
    }
    return root;
  }

  /**
   * The tier keys as properties.
   *
   * @return {@code mixchannel.*} properties
   */
  public Properties tierProperties() {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "pmem,disk");
    p.setProperty("mixchannel.tier.pmem.kind", "PMEM");
    p.setProperty("mixchannel.tier.pmem.paths", pmem.toString());
    p.setProperty("mixchannel.tier.pmem.capacity", "64m");
    p.setProperty("mixchannel.tier.disk.kind", "HDD");
    p.setProperty("mixchannel.tier.disk.paths", root.resolve("tier-disk").toString());
    p.setProperty("mixchannel.pmem.pretouch", "false");
    p.setProperty("mixchannel.migrate.threshold", "-1");
    return p;
  }

  @Override
  public void close() throws IOException {
    try (Stream<Path> paths = Files.walk(pmem)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
