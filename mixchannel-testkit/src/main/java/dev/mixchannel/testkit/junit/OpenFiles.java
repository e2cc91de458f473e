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
package dev.mixchannel.testkit.junit;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The files this JVM holds open, read from {@code /proc/self/fd}: descriptor number to the path it
 * points to. Only descriptors of files and directories count; pipes, sockets, event polls and the
 * JVM's own files (jars, native libraries, fonts, the JDK, {@code /proc}, {@code /sys}, devices
 * other than {@code /dev/shm}) are left out, because the JVM and JUnit open them as classes load
 * (and Java2D keeps fonts open for the JVM's life), and they say nothing about a test.
 */
final class OpenFiles {

  private static final Path FD_DIR = Path.of("/proc/self/fd");

  /**
   * Files of the JVM: its class path, opened and closed as classes load, and the fonts Java2D keeps
   * open once a chart is drawn.
   */
  private static final Set<String> JVM_SUFFIXES =
      Set.of(".jar", ".jmod", ".so", ".zip", ".ttf", ".ttc", ".otf", ".pfb");

  private OpenFiles() {}

  /** Whether the platform lists descriptors in {@code /proc/self/fd} (Linux). */
  static boolean supported() {
    return Files.isDirectory(FD_DIR);
  }

  /**
   * Lists the open files.
   *
   * @return descriptor number to target path; empty when unsupported
   */
  static Map<String, String> snapshot() {
    Map<String, String> result = new HashMap<>();
    if (!supported()) {
      return result;
    }
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(FD_DIR)) {
      for (Path fd : fds) {
        String target;
        try {
          target = Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
          // Closed between listing and reading (the listing's own descriptor is one): not open.
          continue;
        }
        if (counts(target)) {
          result.put(fd.getFileName().toString(), target);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot list open files: " + e + " (" + FD_DIR + ")", e);
    }
    return result;
  }

  /**
   * The files open now that were not open (under the same descriptor) in {@code before}.
   *
   * @param before an earlier {@link #snapshot()}
   * @return descriptor number to target path
   */
  static Map<String, String> openedSince(Map<String, String> before) {
    Map<String, String> opened = snapshot();
    opened.entrySet().removeIf(e -> e.getValue().equals(before.get(e.getKey())));
    return opened;
  }

  private static boolean counts(String target) {
    if (!target.startsWith("/")) {
      return false; // pipe:[..], socket:[..], anon_inode:[eventpoll]
    }
    if (target.startsWith("/proc/") || target.startsWith("/sys/")) {
      return false;
    }
    if (target.startsWith("/dev/") && !target.startsWith("/dev/shm/")) {
      return false;
    }
    String javaHome = System.getProperty("java.home");
    if (javaHome != null && target.startsWith(javaHome + "/")) {
      return false;
    }
    String plain =
        target.endsWith(" (deleted)") ? target.substring(0, target.length() - 10) : target;
    return JVM_SUFFIXES.stream().noneMatch(plain::endsWith);
  }
}
