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
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.bookkeeper.client.BookKeeperAdmin;
import org.apache.bookkeeper.conf.ServerConfiguration;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * A ZooKeeper server in the test JVM on a free loopback port, with BookKeeper's cluster metadata
 * initialized by {@code BookKeeperAdmin.initNewCluster}.
 */
public final class ZooKeeperHost implements AutoCloseable {

  private final ServerCnxnFactory factory;
  private final ZooKeeperServer server;

  /**
   * Starts the server and initializes the cluster.
   *
   * @param dir where ZooKeeper keeps its data
   * @throws Exception when the server or the initialization fails
   */
  public ZooKeeperHost(Path dir) throws Exception {
    Path data = Files.createDirectories(dir);
    server = new ZooKeeperServer(data.toFile(), data.toFile(), 500);
    factory = ServerCnxnFactory.createFactory(new InetSocketAddress("127.0.0.1", 0), 200);
    factory.startup(server);
    ServerConfiguration conf = new ServerConfiguration();
    conf.setMetadataServiceUri(metadataServiceUri());
    if (!BookKeeperAdmin.initNewCluster(conf)) {
      throw new IOException("initNewCluster failed: " + metadataServiceUri());
    }
  }

  /**
   * The metadata service URI of the cluster.
   *
   * @return {@code zk+null://127.0.0.1:<port>/ledgers}
   */
  public String metadataServiceUri() {
    return "zk+null://127.0.0.1:" + factory.getLocalPort() + "/ledgers";
  }

  /**
   * Stops the server and closes its transaction log, which {@code shutdown} leaves open.
   *
   * @throws UncheckedIOException when closing the log fails
   */
  @Override
  public void close() {
    factory.shutdown();
    server.shutdown();
    try {
      server.getZKDatabase().close();
    } catch (IOException e) {
      throw new UncheckedIOException("closing the ZooKeeper transaction log failed", e);
    }
  }
}
