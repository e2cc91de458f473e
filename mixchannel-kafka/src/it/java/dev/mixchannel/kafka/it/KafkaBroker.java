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
package dev.mixchannel.kafka.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A single-node KRaft broker (broker and controller in one process) in a child JVM, started from
 * the Kafka jars in a directory, optionally with the MixChannel agent. Every wait is bounded; only
 * the process this object started is ever stopped or killed.
 */
public final class KafkaBroker implements AutoCloseable {

  private Duration startTimeout = Duration.ofSeconds(90);
  private Duration stopTimeout = Duration.ofSeconds(60);

  private final Path home;
  private final Path libs;
  private final List<Path> classPath;
  private final Path serverProperties;
  private final int brokerPort;
  private final int jmxPort;
  private Process process;
  private int starts;
  private String javaCommand = ProcessHandle.current().info().command().orElse("java");

  /**
   * Writes the configuration of a broker.
   *
   * @param home the broker's directory (log dir, logs, configuration)
   * @param libs the directory of the Kafka jars
   * @param extra more {@code server.properties} entries (such as the MixChannel tiers)
   * @throws IOException when writing fails
   */
  public KafkaBroker(Path home, Path libs, Map<String, String> extra) throws IOException {
    this(home, libs, extra, List.of());
  }

  /**
   * Writes the configuration of a broker whose class path holds more than the Kafka jars (a
   * directory of plug-in classes such as a remote storage manager).
   *
   * @param home the broker's directory (log dirs, logs, configuration)
   * @param libs the directory of the Kafka jars
   * @param extra more {@code server.properties} entries; {@code log.dirs} here replaces the one
   *     default log dir
   * @param classPath entries put before the Kafka jars on the broker's class path
   * @throws IOException when writing fails
   */
  public KafkaBroker(Path home, Path libs, Map<String, String> extra, List<Path> classPath)
      throws IOException {
    this.home = Files.createDirectories(home);
    this.libs = libs;
    this.classPath = List.copyOf(classPath);
    int[] ports = freePorts(3);
    this.brokerPort = ports[0];
    int controllerPort = ports[1];
    this.jmxPort = ports[2];
    Map<String, String> config = new LinkedHashMap<>();
    config.put("process.roles", "broker,controller");
    config.put("node.id", "1");
    config.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    config.put(
        "listeners",
        "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
    config.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
    config.put("controller.listener.names", "CONTROLLER");
    config.put("inter.broker.listener.name", "PLAINTEXT");
    config.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
    config.put("log.dirs", home.resolve("logs").toString());
    config.put("num.partitions", "1");
    config.put("offsets.topic.replication.factor", "1");
    config.put("offsets.topic.num.partitions", "1");
    config.put("transaction.state.log.replication.factor", "1");
    config.put("transaction.state.log.min.isr", "1");
    config.put("transaction.state.log.num.partitions", "1");
    config.put("group.initial.rebalance.delay.ms", "0");
    config.put("log.retention.check.interval.ms", "1000");
    config.put("log.initial.task.delay.ms", "1000");
    config.put("log.segment.delete.delay.ms", "500");
    config.put("log.cleaner.dedupe.buffer.size", "4194304");
    config.put("num.network.threads", "2");
    config.put("num.io.threads", "2");
    config.putAll(extra);
    this.serverProperties = home.resolve("server.properties");
    writeProperties(config);
    Files.writeString(
        home.resolve("log4j2.properties"),
        String.join(
            "\n",
            "shutdownHook=disable",
            "appender.file.type=File",
            "appender.file.name=file",
            "appender.file.fileName=" + home.resolve("server.log"),
            "appender.file.layout.type=PatternLayout",
            "appender.file.layout.pattern=[%d] %p %m (%c)%n",
            "rootLogger.level=INFO",
            "rootLogger.appenderRef.file.ref=file",
            "logger.mixchannel.name=dev.mixchannel",
            "logger.mixchannel.level=INFO",
            ""),
        StandardCharsets.UTF_8);
  }

  /**
   * The broker's {@code server.properties}.
   *
   * @return its path
   */
  public Path serverProperties() {
    return serverProperties;
  }

  /**
   * The broker's first log dir (the one that holds the metadata log).
   *
   * @return its path
   * @throws IOException when {@code server.properties} cannot be read
   */
  public Path logDir() throws IOException {
    return logDirs().get(0);
  }

  /**
   * The broker's log dirs, as {@code server.properties} lists them.
   *
   * @return their paths
   * @throws IOException when {@code server.properties} cannot be read
   */
  public List<Path> logDirs() throws IOException {
    List<Path> dirs = new ArrayList<>();
    for (String dir : readProperties().getProperty("log.dirs").split(",")) {
      dirs.add(Path.of(dir.trim()));
    }
    return dirs;
  }

  /**
   * Changes {@code server.properties} for the next start.
   *
   * @param set entries to add or replace
   * @param remove keys to remove
   * @throws IOException when the file cannot be read or written
   */
  public void updateProperties(Map<String, String> set, List<String> remove) throws IOException {
    Map<String, String> config = new LinkedHashMap<>();
    readProperties().forEach((k, v) -> config.put((String) k, (String) v));
    remove.forEach(config::remove);
    config.putAll(set);
    writeProperties(config);
  }

  private Properties readProperties() throws IOException {
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(serverProperties)) {
      properties.load(in);
    }
    return properties;
  }

  private void writeProperties(Map<String, String> config) throws IOException {
    Properties properties = new Properties();
    properties.putAll(config);
    try (OutputStream out = Files.newOutputStream(serverProperties)) {
      properties.store(out, "written by KafkaBroker");
    }
  }

  /**
   * The broker's directory.
   *
   * @return its path
   */
  public Path home() {
    return home;
  }

  /**
   * The client bootstrap address.
   *
   * @return {@code 127.0.0.1:<port>}
   */
  public String bootstrap() {
    return "127.0.0.1:" + brokerPort;
  }

  /**
   * Formats the log dir ({@code kafka.tools.StorageTool format}).
   *
   * @param clusterId the cluster id
   * @throws Exception when the tool fails or times out
   */
  public void format(String clusterId) throws Exception {
    List<String> command = java(List.of(), false);
    command.addAll(
        List.of(
            "kafka.tools.StorageTool",
            "format",
            "-t",
            clusterId,
            "-c",
            serverProperties.toString()));
    Process tool = start(command, home.resolve("format.log"));
    if (!tool.waitFor(60, TimeUnit.SECONDS)) {
      tool.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new IllegalStateException("StorageTool format timed out: " + tail("format.log"));
    }
    if (tool.exitValue() != 0) {
      throw new IllegalStateException("StorageTool format failed: " + tail("format.log"));
    }
  }

  /**
   * Starts the broker and waits until its listener accepts connections.
   *
   * @param jvmOptions extra JVM options, such as {@code -javaagent:...}
   * @throws Exception when it does not come up in time
   */
  public void start(List<String> jvmOptions) throws Exception {
    start(jvmOptions, List.of(), false);
  }

  /**
   * Starts the broker with arguments after {@code server.properties} (such as {@code --override
   * key=value}) and waits until its listener accepts connections.
   *
   * @param jvmOptions extra JVM options, such as {@code -javaagent:...}
   * @param kafkaArgs arguments of {@code kafka.Kafka} after the properties file
   * @throws Exception when it does not come up in time
   */
  public void start(List<String> jvmOptions, List<String> kafkaArgs) throws Exception {
    start(jvmOptions, kafkaArgs, false);
  }

  /**
   * Starts the broker for a throughput measurement: full JIT and a 1 GiB heap.
   *
   * @param jvmOptions extra JVM options, such as {@code -javaagent:...}
   * @throws Exception when it does not come up in time
   */
  public void startForBenchmark(List<String> jvmOptions) throws Exception {
    start(jvmOptions, List.of(), true);
  }

  private void start(List<String> jvmOptions, List<String> kafkaArgs, boolean benchmark)
      throws Exception {
    if (process != null && process.isAlive()) {
      throw new IllegalStateException("broker already running: pid=" + process.pid());
    }
    List<String> options = new ArrayList<>(jvmOptions);
    options.add("-Dcom.sun.management.jmxremote.port=" + jmxPort);
    options.add("-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort);
    options.add("-Dcom.sun.management.jmxremote.host=127.0.0.1");
    options.add("-Djava.rmi.server.hostname=127.0.0.1");
    options.add("-Dcom.sun.management.jmxremote.authenticate=false");
    options.add("-Dcom.sun.management.jmxremote.ssl=false");
    List<String> command = java(options, benchmark);
    command.add("kafka.Kafka");
    command.add(serverProperties.toString());
    command.addAll(kafkaArgs);
    starts++;
    String out = "stdout-" + starts + ".log";
    process = start(command, home.resolve(out));
    long deadline = System.nanoTime() + startTimeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "broker exited: code=" + process.exitValue() + ", output=" + tail(out));
      }
      if (accepts(brokerPort)) {
        return;
      }
      process.waitFor(200, TimeUnit.MILLISECONDS);
    }
    kill();
    throw new IllegalStateException("broker did not start in " + startTimeout + ": " + tail(out));
  }

  /**
   * Starts the broker where it must refuse to run, and waits until it exits.
   *
   * @param jvmOptions extra JVM options
   * @return the exit code; the output is in {@link #lastOutput()}
   * @throws Exception when it comes up instead (it is stopped) or does not exit in time (killed)
   */
  public int startRefused(List<String> jvmOptions) throws Exception {
    if (process != null && process.isAlive()) {
      throw new IllegalStateException("broker already running: pid=" + process.pid());
    }
    List<String> command = java(jvmOptions, false);
    command.add("kafka.Kafka");
    command.add(serverProperties.toString());
    starts++;
    process = start(command, home.resolve(lastOutput()));
    long deadline = System.nanoTime() + startTimeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
        return process.exitValue();
      }
      if (accepts(brokerPort)) {
        stop();
        throw new AssertionError("broker started where it must refuse: " + tail(lastOutput()));
      }
    }
    kill();
    throw new IllegalStateException("broker neither started nor exited: " + tail(lastOutput()));
  }

  /**
   * The process id of the broker this object started last.
   *
   * @return its pid
   * @throws IllegalStateException when it was never started
   */
  public long pid() {
    if (process == null) {
      throw new IllegalStateException("broker never started: home=" + home);
    }
    return process.pid();
  }

  /**
   * The output file of the last start.
   *
   * @return its name in the broker's directory
   */
  public String lastOutput() {
    return "stdout-" + starts + ".log";
  }

  /**
   * Stops the broker cleanly (SIGTERM: Kafka's controlled shutdown) and waits for it.
   *
   * @return the exit code
   * @throws Exception when it does not stop in time (it is then killed)
   */
  public int stop() throws Exception {
    process.destroy();
    if (!process.waitFor(stopTimeout.toSeconds(), TimeUnit.SECONDS)) {
      kill();
      throw new IllegalStateException("broker did not stop in " + stopTimeout + "; killed");
    }
    return process.exitValue();
  }

  /**
   * Kills the broker with SIGKILL and waits for it.
   *
   * @throws InterruptedException when interrupted
   */
  public void kill() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  /**
   * Connects to the broker's JMX agent.
   *
   * @return an open connector; the caller closes it
   * @throws IOException when the connection fails
   */
  public JMXConnector jmx() throws IOException {
    JMXServiceURL url =
        new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi");
    return JMXConnectorFactory.connect(url);
  }

  /**
   * The last lines of a file in the broker's directory, for failure messages.
   *
   * @param name the file name
   * @return up to 40 lines
   */
  public String tail(String name) {
    try {
      List<String> lines = Files.readAllLines(home.resolve(name), StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no " + name + ": " + e + ")";
    }
  }

  /**
   * Runs a Java main class with the Kafka jars (and more) on the class path, bounded.
   *
   * @param classPathPrefix entries put before the Kafka jars
   * @param mainClass the class
   * @param outputName the file the output goes to, in the broker's directory
   * @param args the arguments
   * @return the exit code
   * @throws Exception when it times out
   */
  public int runTool(
      List<Path> classPathPrefix, String mainClass, String outputName, String... args)
      throws Exception {
    return runTool(List.of(), classPathPrefix, mainClass, outputName, args);
  }

  /**
   * Runs a Java main class with JVM options (such as {@code -javaagent:...}) and the Kafka jars
   * (and more) on the class path, bounded to 120 seconds.
   *
   * @param jvmOptions JVM options
   * @param classPathPrefix entries put before the Kafka jars
   * @param mainClass the class
   * @param outputName the file the output goes to, in the broker's directory
   * @param args the arguments
   * @return the exit code
   * @throws Exception when it times out
   */
  public int runTool(
      List<String> jvmOptions,
      List<Path> classPathPrefix,
      String mainClass,
      String outputName,
      String... args)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(javaBinary());
    command.add("-Dlog4j2.configurationFile=" + home.resolve("log4j2.properties"));
    command.addAll(jvmOptions);
    StringBuilder classPath = new StringBuilder();
    for (Path entry : classPathPrefix) {
      classPath.append(entry).append(java.io.File.pathSeparator);
    }
    classPath.append(libs.resolve("*"));
    command.addAll(List.of("-cp", classPath.toString(), mainClass));
    command.addAll(List.of(args));
    Process tool = start(command, home.resolve(outputName));
    if (!tool.waitFor(120, TimeUnit.SECONDS)) {
      tool.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new IllegalStateException(mainClass + " timed out: " + tail(outputName));
    }
    return tool.exitValue();
  }

  @Override
  public void close() throws InterruptedException {
    kill();
  }

  private List<String> java(List<String> options, boolean benchmark) {
    List<String> command = new ArrayList<>();
    command.add(javaBinary());
    if (benchmark) {
      command.addAll(List.of("-Xms1g", "-Xmx1g"));
    } else {
      // Quick start on a small shared machine: these brokers carry little traffic.
      command.addAll(
          List.of("-Xms256m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
    }
    command.add("-Dlog4j2.configurationFile=" + home.resolve("log4j2.properties"));
    command.addAll(options);
    StringBuilder path = new StringBuilder();
    for (Path entry : classPath) {
      path.append(entry).append(java.io.File.pathSeparator);
    }
    path.append(libs.resolve("*"));
    command.addAll(List.of("-cp", path.toString()));
    return command;
  }

  private String javaBinary() {
    return javaCommand;
  }

  /**
   * Bounds the waits of later starts (until the listener accepts) and clean stops differently from
   * the defaults (90 s, 60 s): a broker with thousands of partitions on a loaded machine needs
   * more.
   *
   * @param start the bound of a start
   * @param stop the bound of a clean stop
   * @return this broker
   */
  public KafkaBroker withTimeouts(Duration start, Duration stop) {
    this.startTimeout = start;
    this.stopTimeout = stop;
    return this;
  }

  /**
   * Runs the broker and its tools on another java binary from now on.
   *
   * @param binary the java binary (default: the test JVM's)
   * @return this broker
   */
  public KafkaBroker withJava(String binary) {
    this.javaCommand = binary;
    return this;
  }

  private Process start(List<String> command, Path output) throws IOException {
    return new ProcessBuilder(command)
        .directory(home.toFile())
        .redirectErrorStream(true)
        .redirectOutput(output.toFile())
        .start();
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Distinct free ports: every socket stays bound until all are chosen (ports taken one after the
   * other, each socket closed at once, can repeat: a run got the same port for the broker's two
   * listeners).
   */
  private static int[] freePorts(int count) throws IOException {
    List<ServerSocket> sockets = new ArrayList<>();
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
        sockets.add(socket);
        ports[i] = socket.getLocalPort();
      }
      return ports;
    } finally {
      for (ServerSocket socket : sockets) {
        socket.close();
      }
    }
  }
}
