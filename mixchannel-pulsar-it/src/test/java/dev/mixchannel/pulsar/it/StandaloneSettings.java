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
package dev.mixchannel.pulsar.it;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the tests' {@code standalone.conf} holds. The standalone loads the one file into its
 * broker's configuration and into its bookie's ({@code ServerConfiguration.loadConf}), so bookie
 * keys ({@code journalSyncData}, {@code journalChannelProvider}, {@code mixchannel.*}) sit beside
 * broker keys; keys prefixed {@code bookkeeper_} configure the broker's BookKeeper client instead.
 */
final class StandaloneSettings {

  private StandaloneSettings() {}

  /**
   * The settings every test standalone gets: loopback only, one bookie with a durable journal
   * ({@code journalSyncData=true}, {@code journalFlushWhenQueueEmpty=true}), DbLedgerStorage with
   * small caches that flushes only every 10 minutes (so that entries acknowledged shortly before a
   * kill are only in the journal), messages kept, no load balancing.
   *
   * @param brokerPort the binary protocol's port
   * @param webPort the HTTP port
   * @return the entries, in file order
   */
  static Map<String, String> base(int brokerPort, int webPort) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("clusterName", "standalone");
    c.put("brokerServicePort", Integer.toString(brokerPort));
    c.put("webServicePort", Integer.toString(webPort));
    // Loopback only: once a file is given, the standalone takes these from it (its own defaults
    // would bind every interface, advertise the host name and refuse a loopback bookie).
    c.put("bindAddress", "127.0.0.1");
    c.put("advertisedAddress", "127.0.0.1");
    c.put("listeningInterface", "lo");
    c.put("allowLoopback", "true");
    c.put("loadManagerClassName", "org.apache.pulsar.broker.loadbalance.NoopLoadManager");
    c.put("loadBalancerEnabled", "false");
    c.put("webSocketServiceEnabled", "false");
    c.put("brokerDeleteInactiveTopicsEnabled", "false");
    c.put("defaultRetentionTimeInMinutes", "-1");
    c.put("defaultRetentionSizeInMB", "-1");
    c.put("managedLedgerDefaultEnsembleSize", "1");
    c.put("managedLedgerDefaultWriteQuorum", "1");
    c.put("managedLedgerDefaultAckQuorum", "1");
    // The bookie.
    c.put("ledgerStorageClass", "org.apache.bookkeeper.bookie.storage.ldb.DbLedgerStorage");
    c.put("dbStorage_writeCacheMaxSizeMb", "32");
    c.put("dbStorage_readAheadCacheMaxSizeMb", "8");
    c.put("dbStorage_rocksDB_blockCacheSize", "8388608");
    c.put("flushInterval", "600000");
    c.put("journalSyncData", "true");
    c.put("journalFlushWhenQueueEmpty", "true");
    c.put("journalMaxGroupWaitMSec", "1");
    c.put("diskUsageThreshold", "0.99");
    c.put("diskUsageWarnThreshold", "0.99");
    return c;
  }

  /**
   * The standalone's Log4j configuration: INFO and above to standard output, which the test
   * redirects to the start's log file.
   *
   * @return a {@code log4j2.properties} text
   */
  static String log4j() {
    return String.join(
        "\n",
        "status = warn",
        "appender.out.type = Console",
        "appender.out.name = out",
        "appender.out.layout.type = PatternLayout",
        "appender.out.layout.pattern = %d{HH:mm:ss.SSS} %-5p [%t] %c{1.} - %m%n",
        "rootLogger.level = info",
        "rootLogger.appenderRef.out.ref = out",
        "");
  }
}
