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

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Pulsar standalone ({@code org.apache.pulsar.PulsarStandaloneStarter}: broker, one bookie and
 * the metadata store in one process) in a child JVM, configured by a {@code standalone.conf} that
 * this object writes, on loopback ports chosen when it is created and kept across restarts. The
 * child's class path is Pulsar's (the module's provided scope) plus, for a journal on MixChannel,
 * the bookie jar, as an operator would set it up. Every wait is bounded; only the process this
 * object started is ever stopped or killed.
 */
final class StandaloneProcess implements AutoCloseable {

  /** Where the standalone keeps its metadata. */
  enum Metadata {
    /** Pulsar's default since 2.11: RocksDB in {@code --metadata-dir}. */
    ROCKSDB,
    /** {@code PULSAR_STANDALONE_USE_ZOOKEEPER=1}: a ZooKeeper server inside the standalone. */
    ZOOKEEPER
  }

  private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

  /**
   * Lines "Lock on resource … was invalidated" by the time the broker serves that mean the loop: a
   * healthy start logs none, the loop hundreds a second.
   */
  private static final int REGISTRATION_LOOP_LINES = 100;

  /** JVM options for the tests: a small heap, a quick start. */
  static final List<String> TEST_JVM =
      List.of(
          "-Xms128m",
          "-Xmx768m",
          "-XX:MaxDirectMemorySize=512m",
          "-XX:+UseSerialGC",
          "-XX:TieredStopAtLevel=1");

  private final Path home;
  private final Path bookieBase;
  private final Metadata metadata;
  private final int brokerPort;
  private final int webPort;
  private final int bookiePort;
  private final int zooKeeperPort;
  private final Map<String, String> config = new LinkedHashMap<>();
  private final Map<String, String> environment = new LinkedHashMap<>();
  private List<String> jvmOptions = TEST_JVM;
  private boolean withBookieJar;
  private Process process;
  private int starts;

  /**
   * Configures a standalone on fresh ports.
   *
   * @param home its working directory: configuration, metadata, logs
   * @param bookieBase the bookie's data directory ({@code --bookkeeper-dir}: journal and ledgers)
   * @param metadata the metadata store
   * @throws IOException when no port is free
   */
  StandaloneProcess(Path home, Path bookieBase, Metadata metadata) throws IOException {
    this.home = home;
    this.bookieBase = bookieBase;
    this.metadata = metadata;
    this.brokerPort = freePort();
    this.webPort = freePort();
    this.bookiePort = freePort();
    this.zooKeeperPort = freePort();
    config.putAll(StandaloneSettings.base(brokerPort, webPort));
    if (metadata == Metadata.ZOOKEEPER) {
      environment.put("PULSAR_STANDALONE_USE_ZOOKEEPER", "1");
    }
  }

  /**
   * The standalone's working directory.
   *
   * @return the directory
   */
  Path home() {
    return home;
  }

  /**
   * The broker's service URL.
   *
   * @return {@code pulsar://127.0.0.1:<port>}
   */
  String serviceUrl() {
    return "pulsar://127.0.0.1:" + brokerPort;
  }

  /**
   * The broker's web service URL (admin REST API, {@code /metrics}).
   *
   * @return {@code http://127.0.0.1:<port>}
   */
  String webServiceUrl() {
    return "http://127.0.0.1:" + webPort;
  }

  /**
   * The bookie's journal directory, where it keeps {@code current/*.txn}: the bookie directory
   * itself (in ZooKeeper mode Pulsar appends the bookie's index, 0, to its name).
   *
   * @return the directory
   */
  Path journalDir() {
    return metadata == Metadata.ZOOKEEPER
        ? bookieBase.resolveSibling(bookieBase.getFileName() + "0")
        : bookieBase;
  }

  /**
   * The configuration file (written by {@link #start}).
   *
   * @return the path of {@code standalone.conf}
   */
  Path confFile() {
    return home.resolve("standalone.conf");
  }

  /**
   * Changes entries of {@code standalone.conf} for the next start; {@code null} removes one.
   *
   * @param changes the entries
   */
  void configure(Map<String, String> changes) {
    changes.forEach(
        (key, value) -> {
          if (value == null) {
            config.remove(key);
          } else {
            config.put(key, value);
          }
        });
  }

  /**
   * Whether the next start has the bookie jar on its class path (Pulsar's {@code lib/}).
   *
   * @param on whether it has
   */
  void bookieJar(boolean on) {
    this.withBookieJar = on;
  }

  /**
   * Sets the JVM options of the next start.
   *
   * @param options heap, GC, JIT options
   */
  void jvmOptions(List<String> options) {
    this.jvmOptions = List.copyOf(options);
  }

  /**
   * Sets an environment variable of the next start.
   *
   * @param name the variable
   * @param value its value
   */
  void environment(String name, String value) {
    environment.put(name, value);
  }

  /**
   * Starts the standalone and waits until its broker serves the {@code public/default} namespace. A
   * start whose bookie registration is caught in Pulsar's lock-revalidation loop (the stale
   * registration a SIGKILL leaves in the metadata store, deleted and re-taken by two locks of the
   * same process over and over: apache/pulsar#17759 and #19817 describe the loop) never serves the
   * bookie to its own broker; that start is stopped and the standalone started once more on the
   * same directories. A second loop fails the start.
   *
   * @return how long the start took, from the process's launch (of the start that served)
   * @throws Exception when it does not come up in time
   */
  Duration start() throws Exception {
    Duration took = launch();
    if (!inRegistrationLoop()) {
      return took;
    }
    System.out.println(
        "standalone's bookie registration is in Pulsar's lock-revalidation loop, starting again: "
            + logFile());
    process.destroy();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      kill();
    }
    took = launch();
    if (inRegistrationLoop()) {
      throw new IOException(
          "standalone's bookie registration is in Pulsar's lock-revalidation loop twice ("
              + logFile()
              + ")");
    }
    return took;
  }

  /** Whether the latest start's log shows the registration lock invalidated again and again. */
  private boolean inRegistrationLoop() throws IOException {
    String marker = "was invalidated";
    String text = log();
    int count = 0;
    for (int i = text.indexOf(marker); i >= 0 && count < REGISTRATION_LOOP_LINES; ) {
      count++;
      i = text.indexOf(marker, i + marker.length());
    }
    return count >= REGISTRATION_LOOP_LINES;
  }

  private Duration launch() throws Exception {
    Files.createDirectories(home);
    StringBuilder text = new StringBuilder();
    config.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
    Files.writeString(confFile(), text.toString(), StandardCharsets.UTF_8);
    Path log4j = home.resolve("log4j2.properties");
    Files.writeString(log4j, StandaloneSettings.log4j(), StandardCharsets.UTF_8);
    starts++;
    List<String> command = Jvm.command(jvmOptions, classPath(), log4j);
    command.add("org.apache.pulsar.PulsarStandaloneStarter");
    command.addAll(
        List.of(
            "--config",
            confFile().toString(),
            "--no-functions-worker",
            "--no-stream-storage",
            "--metadata-dir",
            home.resolve("metadata").toString(),
            "--zookeeper-dir",
            home.resolve("zookeeper").toString(),
            "--zookeeper-port",
            Integer.toString(zooKeeperPort),
            "--bookkeeper-dir",
            bookieBase.toString(),
            "--bookkeeper-port",
            Integer.toString(bookiePort)));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(home.toFile())
            .redirectErrorStream(true)
            .redirectOutput(logFile().toFile());
    builder.environment().putAll(environment);
    long launched = System.nanoTime();
    process = builder.start();
    awaitReady();
    return Duration.ofNanos(System.nanoTime() - launched);
  }

  private void awaitReady() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest namespaces =
        HttpRequest.newBuilder(URI.create(webServiceUrl() + "/admin/v2/namespaces/public"))
            .timeout(Duration.ofSeconds(5))
            .build();
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(
            "standalone exited while starting: code="
                + process.exitValue()
                + " ("
                + logFile()
                + ")");
      }
      try {
        HttpResponse<String> response = http.send(namespaces, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200 && response.body().contains("public/default")) {
          return;
        }
      } catch (IOException notYet) {
        // The web service is not listening yet.
      }
      process.waitFor(250, TimeUnit.MILLISECONDS);
    }
    throw new IOException(
        "standalone did not serve public/default in " + START_TIMEOUT + " (" + logFile() + ")");
  }

  private String classPath() throws IOException {
    String pulsar = Files.readString(Jvm.pulsarClassPathFile(), StandardCharsets.UTF_8).trim();
    return withBookieJar ? Jvm.bookieJar() + File.pathSeparator + pulsar : pulsar;
  }

  /**
   * SIGKILL: {@code Process.destroyForcibly} on the process this object started.
   *
   * @throws Exception when it does not die in time
   */
  void kill() throws Exception {
    process.destroyForcibly();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      throw new IOException("standalone did not die after SIGKILL: " + serviceUrl());
    }
  }

  /**
   * SIGTERM (the standalone's shutdown hook closes broker and bookie), and waits for the exit.
   *
   * @throws Exception when it does not stop in time
   */
  void stop() throws Exception {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.destroy();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      throw new IOException("standalone did not stop cleanly in " + STOP_TIMEOUT);
    }
  }

  /**
   * The log (standard output and error) of the latest start.
   *
   * @return its text
   * @throws IOException when it cannot be read
   */
  String log() throws IOException {
    return Files.readString(logFile(), StandardCharsets.UTF_8);
  }

  private Path logFile() {
    return home.resolve("standalone-" + starts + ".log");
  }

  /**
   * Waits until the standalone uses less than a fifth of a core over a second (start-up work such
   * as a PMem pool's pre-touch has finished), reading its CPU time through {@link ProcessHandle}.
   * Returns after {@code timeout} in any case.
   *
   * @param timeout how long to wait at most
   * @return whether it became quiet in time
   * @throws InterruptedException when interrupted
   */
  boolean awaitQuiet(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Duration before = cpuTime();
    while (System.nanoTime() < deadline && process.isAlive()) {
      process.waitFor(1, TimeUnit.SECONDS);
      Duration now = cpuTime();
      if (now.minus(before).toMillis() < 200) {
        return true;
      }
      before = now;
    }
    return false;
  }

  private Duration cpuTime() {
    return process.info().totalCpuDuration().orElse(Duration.ZERO);
  }

  @Override
  public void close() throws Exception {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
      process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
