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
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.bookkeeper.client.BookKeeperAdmin;
import org.apache.bookkeeper.net.BookieId;

/**
 * A bookie in a child JVM ({@code org.apache.bookkeeper.server.Main --conf}) on the test's class
 * path, with DbLedgerStorage and {@code journalSyncData=true}. Every wait is bounded; only the
 * process this object started is ever stopped or killed.
 */
public final class BookieProcess implements AutoCloseable {

  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

  /** JVM options for short tests: small heap, quick start. */
  static final List<String> TEST_JVM =
      List.of(
          "-Xmx256m",
          "-XX:MaxDirectMemorySize=256m",
          "-XX:+UseSerialGC",
          "-XX:TieredStopAtLevel=1");

  private final Path home;
  private final int port;
  private final Map<String, String> config = new LinkedHashMap<>();
  private final Map<String, String> environment = new LinkedHashMap<>();
  private List<String> jvmOptions = TEST_JVM;
  private Process process;
  private int starts;
  private long launchedNanos;
  private long lastStartNanos = -1;

  /**
   * Configures a bookie on a fresh port.
   *
   * @param home its directory: journal, ledgers, configuration, logs
   * @param metadataServiceUri the cluster
   * @param extra more configuration entries (the provider and its tiers, or none)
   * @throws IOException when no port is free
   */
  public BookieProcess(Path home, String metadataServiceUri, Map<String, String> extra)
      throws IOException {
    this.home = home;
    this.port = freePort();
    config.put("bookiePort", Integer.toString(port));
    config.put("advertisedAddress", "127.0.0.1");
    config.put("allowLoopback", "true");
    config.put("metadataServiceUri", metadataServiceUri);
    config.put("zkTimeout", "4000");
    config.put("journalDirectories", journalDir().toString());
    config.put("ledgerDirectories", home.resolve("ledgers").toString());
    config.put("ledgerStorageClass", "org.apache.bookkeeper.bookie.storage.ldb.DbLedgerStorage");
    config.put("httpServerEnabled", "false");
    config.put("autoRecoveryDaemonEnabled", "false");
    config.put("journalSyncData", "true");
    config.put("dbStorage_writeCacheMaxSizeMb", "32");
    config.put("dbStorage_readAheadCacheMaxSizeMb", "8");
    config.put("dbStorage_rocksDB_blockCacheSize", "8388608");
    config.put("numAddWorkerThreads", "1");
    config.put("numReadWorkerThreads", "1");
    config.put("numJournalCallbackThreads", "2");
    config.put("serverNumIOThreads", "2");
    config.putAll(extra);
  }

  /**
   * The bookie's id.
   *
   * @return {@code 127.0.0.1:<port>}
   */
  public String id() {
    return "127.0.0.1:" + port;
  }

  /**
   * The journal directory as configured; the bookie keeps its journals in {@code current} below.
   *
   * @return the journal directory
   */
  public Path journalDir() {
    return home.resolve("journal");
  }

  /**
   * The configuration file (written by {@link #start}).
   *
   * @return the path of {@code bk_server.conf}
   */
  public Path confFile() {
    return home.resolve("bk_server.conf");
  }

  /**
   * Sets the JVM options (heap, GC, JIT) of the next start; the module opens BookKeeper needs are
   * always added.
   *
   * @param options the options
   */
  public void jvmOptions(List<String> options) {
    this.jvmOptions = List.copyOf(options);
  }

  /**
   * Sets an environment variable of the next start.
   *
   * @param name the variable
   * @param value its value
   */
  public void environment(String name, String value) {
    environment.put(name, value);
  }

  /**
   * Changes configuration entries for the next start; {@code null} removes one.
   *
   * @param changes the entries
   */
  public void configure(Map<String, String> changes) {
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
   * Starts the bookie and waits until the cluster lists it as available.
   *
   * @param admin the cluster's admin client
   * @throws Exception when it does not come up in time
   */
  public void start(BookKeeperAdmin admin) throws Exception {
    Path log = launch(admin);
    long deadline = launchedNanos + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(
            "bookie exited while starting: code=" + process.exitValue() + " (" + log + ")");
      }
      if (isAvailable(admin)) {
        lastStartNanos = System.nanoTime() - launchedNanos;
        return;
      }
      process.waitFor(50, TimeUnit.MILLISECONDS);
    }
    throw new IOException("bookie did not become available in " + START_TIMEOUT + " (" + log + ")");
  }

  /**
   * Starts the bookie when it must refuse to start: waits until its log shows {@code refusal} or
   * its process exits, checks that the cluster never listed it as available, and kills what is left
   * of it (BookKeeper 4.16 and 4.17 keep the process of a bookie whose replay failed alive, serving
   * nothing).
   *
   * @param admin the cluster's admin client
   * @param refusal a line of the log that says the bookie refused to start
   * @return the log of this start
   * @throws Exception when neither happens within {@code START_TIMEOUT}, or the cluster lists it
   */
  public String startRefused(BookKeeperAdmin admin, String refusal) throws Exception {
    Path log = launch(admin);
    long deadline = launchedNanos + START_TIMEOUT.toNanos();
    while (process.isAlive() && !log().contains(refusal)) {
      if (isAvailable(admin)) {
        throw new IOException("bookie started although it should refuse to (" + log + ")");
      }
      if (System.nanoTime() > deadline) {
        kill();
        throw new IOException(
            "bookie neither refused nor exited in " + START_TIMEOUT + " (" + log + ")");
      }
      process.waitFor(100, TimeUnit.MILLISECONDS);
    }
    if (isAvailable(admin)) {
      throw new IOException("bookie registered as available although it refused (" + log + ")");
    }
    kill();
    return log();
  }

  /** Writes the configuration and launches the bookie once the previous one is unregistered. */
  private Path launch(BookKeeperAdmin admin) throws Exception {
    // A killed bookie stays registered until its ZooKeeper session expires (zkTimeout).
    long gone = System.nanoTime() + START_TIMEOUT.toNanos();
    while (isAvailable(admin)) {
      if (System.nanoTime() > gone) {
        throw new IOException("the previous bookie is still registered: " + id());
      }
      Thread.sleep(200);
    }
    Files.createDirectories(home);
    StringBuilder text = new StringBuilder();
    config.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
    Files.writeString(confFile(), text.toString(), StandardCharsets.UTF_8);
    starts++;
    Path log = home.resolve("bookie-" + starts + ".log");
    List<String> command = javaCommand(jvmOptions, "org.apache.bookkeeper.server.Main");
    command.add("--conf");
    command.add(confFile().toString());
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(environment);
    launchedNanos = System.nanoTime();
    process = builder.start();
    return log;
  }

  /**
   * How long the last {@link #start} took from the child process's launch until the cluster listed
   * the bookie as available (polled every 50 ms).
   *
   * @return seconds
   * @throws IllegalStateException when no start has succeeded yet
   */
  public double lastStartSeconds() {
    if (lastStartNanos < 0) {
      throw new IllegalStateException("bookie never started: " + id());
    }
    return lastStartNanos / 1e9;
  }

  /**
   * The process id of the bookie this object started last.
   *
   * @return its pid
   * @throws IllegalStateException when it was never started
   */
  public long pid() {
    if (process == null) {
      throw new IllegalStateException("bookie never started: " + id());
    }
    return process.pid();
  }

  private boolean isAvailable(BookKeeperAdmin admin) throws Exception {
    for (BookieId available : admin.getAvailableBookies()) {
      if (available.toString().equals(id())) {
        return true;
      }
    }
    return false;
  }

  /**
   * SIGKILL: {@code Process.destroyForcibly} on the process this object started.
   *
   * @throws Exception when it does not die in time
   */
  public void kill() throws Exception {
    process.destroyForcibly();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      throw new IOException("bookie did not die after SIGKILL: " + id());
    }
  }

  /**
   * SIGTERM, a clean shutdown, and waits for the exit.
   *
   * @throws Exception when it does not stop in time
   */
  public void stop() throws Exception {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.destroy();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      throw new IOException("bookie did not stop cleanly in " + STOP_TIMEOUT + ": " + id());
    }
  }

  /**
   * The log of the latest start.
   *
   * @return its text
   * @throws IOException when it cannot be read
   */
  public String log() throws IOException {
    return Files.readString(home.resolve("bookie-" + starts + ".log"), StandardCharsets.UTF_8);
  }

  /**
   * Waits until the bookie's process uses less than a fifth of a core over a second (background
   * work after a start, such as a PMem pool's pre-touch, has finished), reading its CPU time from
   * {@code /proc}. Returns after {@code timeout} in any case.
   *
   * @param timeout how long to wait at most
   * @return whether the process became quiet in time
   * @throws Exception when {@code /proc} cannot be read
   */
  public boolean awaitQuiet(Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    long before = cpuTicks();
    while (System.nanoTime() < deadline && process.isAlive()) {
      process.waitFor(1, TimeUnit.SECONDS);
      long now = cpuTicks();
      // Linux counts CPU time in ticks of 1/100 s: under 20 ticks in a second is under 0.2 core.
      if (now - before < 20) {
        return true;
      }
      before = now;
    }
    return false;
  }

  private long cpuTicks() throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // After the command name: state is field 3 of stat(5), utime 14 and stime 15.
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  /**
   * Runs a BookKeeper tool class in a child JVM with this bookie's configuration.
   *
   * @param mainClass the tool
   * @param args its arguments
   * @return its exit code and output
   * @throws Exception when it does not finish in time
   */
  public ToolRun runTool(String mainClass, String... args) throws Exception {
    List<String> command = javaCommand(TEST_JVM, mainClass);
    command.addAll(List.of(args));
    Path out = home.resolve("tool-" + System.nanoTime() + ".log");
    Process tool =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    if (!tool.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      tool.destroyForcibly();
      tool.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      throw new IOException("tool did not finish in " + STOP_TIMEOUT + ": " + command);
    }
    return new ToolRun(tool.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
  }

  @Override
  public void close() throws Exception {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
      process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  private static List<String> javaCommand(List<String> jvmOptions, String mainClass) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("--add-opens=java.base/java.io=ALL-UNNAMED");
    command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
    command.add("--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");
    command.add("-Dio.netty.tryReflectionSetAccessible=true");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    return command;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /**
   * What a tool run printed.
   *
   * @param exitCode its exit code
   * @param output its standard output and error
   */
  public record ToolRun(int exitCode, String output) {}
}
