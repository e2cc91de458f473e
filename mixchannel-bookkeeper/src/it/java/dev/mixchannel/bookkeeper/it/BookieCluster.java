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
package dev.mixchannel.bookkeeper.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.client.BKException;
import org.apache.bookkeeper.client.BookKeeper;
import org.apache.bookkeeper.client.BookKeeper.DigestType;
import org.apache.bookkeeper.client.BookKeeperAdmin;
import org.apache.bookkeeper.client.LedgerHandle;
import org.apache.bookkeeper.conf.ClientConfiguration;

/** ZooKeeper in the test JVM, the cluster's metadata, and a client. */
public final class BookieCluster implements AutoCloseable {

  /** Where real-bookie tests keep their directories (the build directory in Maven runs). */
  private static final Path WORK =
      Path.of(System.getProperty("mixchannel.bk.work", "target/bk-it"));

  private static final byte[] PASSWORD = "mixchannel".getBytes(StandardCharsets.UTF_8);

  private final Path home;
  private final ZooKeeperHost zooKeeper;
  private final BookKeeperAdmin admin;
  private final BookKeeper client;

  /**
   * Starts ZooKeeper, initializes the cluster and connects a client.
   *
   * @param home the test's directory
   * @throws Exception when a step fails
   */
  public BookieCluster(Path home) throws Exception {
    this.home = Files.createDirectories(home);
    this.zooKeeper = new ZooKeeperHost(home.resolve("zookeeper"));
    ClientConfiguration conf = new ClientConfiguration();
    conf.setMetadataServiceUri(zooKeeper.metadataServiceUri());
    conf.setZkTimeout(4000);
    conf.setAddEntryTimeout(30);
    conf.setReadEntryTimeout(10);
    // The client's default throttle caps adds at 5,000 per second.
    conf.setThrottleValue(0);
    this.client = new BookKeeper(conf);
    this.admin = new BookKeeperAdmin(client);
  }

  /**
   * A fresh directory for one test run on the root file system (so that a journal on disk is on a
   * real disk).
   *
   * @param prefix the test's name
   * @return a new directory
   * @throws IOException when it cannot be created
   */
  public static Path newHome(String prefix) throws IOException {
    return Files.createDirectories(WORK.resolve(prefix + "-" + System.nanoTime()));
  }

  /**
   * The directory every run's directory is in.
   *
   * @return the work directory
   */
  public static Path work() {
    return WORK;
  }

  /**
   * How often a string occurs in a text (log lines, tool output).
   *
   * @param text the text
   * @param needle the string
   * @return the count
   */
  public static int count(String text, String needle) {
    int n = 0;
    for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length())) {
      n++;
    }
    return n;
  }

  /**
   * The admin client.
   *
   * @return the admin
   */
  public BookKeeperAdmin admin() {
    return admin;
  }

  /**
   * A new bookie's process (not started).
   *
   * @param name its directory name
   * @param extra configuration entries
   * @return the process
   * @throws Exception when no port is free
   */
  public BookieProcess bookie(String name, Map<String, String> extra) throws Exception {
    return new BookieProcess(home.resolve(name), zooKeeper.metadataServiceUri(), extra);
  }

  /**
   * Creates a ledger.
   *
   * @param ensemble ensemble size
   * @param writeQuorum write quorum
   * @param ackQuorum ack quorum
   * @return the handle
   * @throws Exception when creation fails
   */
  public LedgerHandle createLedger(int ensemble, int writeQuorum, int ackQuorum) throws Exception {
    // The client learns of new bookies through a ZooKeeper watch, a moment after they register.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try {
        return client.createLedger(ensemble, writeQuorum, ackQuorum, DigestType.CRC32C, PASSWORD);
      } catch (BKException.BKNotEnoughBookiesException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  /**
   * Opens a ledger with recovery (fencing, closing it).
   *
   * @param ledgerId the ledger
   * @return the handle
   * @throws Exception when opening fails
   */
  public LedgerHandle openLedger(long ledgerId) throws Exception {
    return client.openLedger(ledgerId, DigestType.CRC32C, PASSWORD);
  }

  /**
   * Opens a ledger without recovery (reads whatever the bookies hold).
   *
   * @param ledgerId the ledger
   * @return the handle
   * @throws Exception when opening fails
   */
  public LedgerHandle openLedgerNoRecovery(long ledgerId) throws Exception {
    return client.openLedgerNoRecovery(ledgerId, DigestType.CRC32C, PASSWORD);
  }

  @Override
  public void close() throws Exception {
    try {
      admin.close();
      client.close();
    } finally {
      zooKeeper.close();
    }
  }
}
