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
package dev.mixchannel.testkit.tier;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A running {@link LockProbe} child JVM and the pipe to it. Every wait is bounded: the start by
 * {@value #START_SECONDS} s, an answer by {@value #ANSWER_SECONDS} s. Not thread-safe; one test
 * uses one probe and closes it.
 */
final class LockProbeProcess implements AutoCloseable {

  static final long START_SECONDS = 60;
  static final long ANSWER_SECONDS = 20;
  private static final String END_OF_OUTPUT = "\0end";

  private final Process process;
  private final Writer requests;
  private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

  private LockProbeProcess(Process process) {
    this.process = process;
    this.requests = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    Thread reader = new Thread(this::readAnswers, "lock-probe-reader-" + process.pid());
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts a probe with this JVM's {@code java} and the testkit's own classes. */
  static LockProbeProcess start() throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process =
        new ProcessBuilder(
                java.toString(),
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx32m",
                "-cp",
                classPath(),
                LockProbe.class.getName())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    LockProbeProcess probe = new LockProbeProcess(process);
    try {
      String first = probe.next(START_SECONDS);
      if (!LockProbe.READY.equals(first)) {
        throw new IOException("lock probe did not start: first line='" + first + "'");
      }
    } catch (IOException | RuntimeException e) {
      probe.close();
      throw e;
    }
    return probe;
  }

  private static String classPath() throws IOException {
    try {
      return Path.of(LockProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException | RuntimeException e) {
      throw new IOException("cannot locate the testkit's classes for the lock probe", e);
    }
  }

  /**
   * Whether another process (this one, seen from the child) holds a lock overlapping the range.
   *
   * @return {@link LockProbe#FREE} or {@link LockProbe#HELD}
   * @throws IOException when the probe answers with an error, dies or does not answer in time
   */
  String probe(Path file, long position, long size) throws IOException {
    requests.write(position + " " + size + " " + file.toAbsolutePath() + "\n");
    requests.flush();
    String answer = next(ANSWER_SECONDS);
    if (!LockProbe.FREE.equals(answer) && !LockProbe.HELD.equals(answer)) {
      throw new IOException("lock probe failed: file=" + file + ", answer='" + answer + "'");
    }
    return answer;
  }

  private String next(long seconds) throws IOException {
    String line;
    try {
      line = answers.poll(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the lock probe", e);
    }
    if (line == null) {
      throw new IOException("lock probe did not answer: waitedSeconds=" + seconds);
    }
    if (END_OF_OUTPUT.equals(line)) {
      throw new IOException("lock probe exited: alive=" + process.isAlive());
    }
    return line;
  }

  private void readAnswers() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        answers.add(line);
      }
    } catch (IOException e) {
      answers.add("ERROR " + e);
    }
    answers.add(END_OF_OUTPUT);
  }

  /** Ends the probe's input and waits for it to exit; kills it after 10 s. */
  @Override
  public void close() throws IOException {
    try {
      requests.close();
    } catch (IOException e) {
      // The child is gone already; nothing is left to tell it.
    }
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
