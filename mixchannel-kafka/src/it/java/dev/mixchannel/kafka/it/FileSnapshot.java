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
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every file under a directory with its size and SHA-256, to prove that a run changed no file (a
 * stock broker refusing a marked log dir). Also tells a hot segment's placeholder by its first
 * bytes.
 */
final class FileSnapshot {

  private static final byte[] PLACEHOLDER_HEAD = {'M', 'I', 'X', 'C', 'H', 'N', 'L', '\n'};

  private FileSnapshot() {}

  /**
   * The files under a directory.
   *
   * @param root the directory
   * @return relative path to {@code <size> <sha-256>}, sorted
   * @throws IOException when a file cannot be read
   */
  static Map<String, String> of(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
        files.put(root.relativize(file).toString(), Files.size(file) + " " + sha256(file));
      }
    }
    return files;
  }

  /**
   * Whether a segment file is MixChannel's placeholder (its bytes on a fast tier).
   *
   * @param file the segment file
   * @return whether it starts with the placeholder's first bytes
   * @throws IOException when it cannot be read
   */
  static boolean isPlaceholder(Path file) throws IOException {
    byte[] head = new byte[PLACEHOLDER_HEAD.length];
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(head, 0, head.length) == head.length
          && java.util.Arrays.equals(head, PLACEHOLDER_HEAD);
    }
  }

  private static String sha256(Path file) throws IOException {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      try (InputStream in = Files.newInputStream(file)) {
        byte[] buffer = new byte[1 << 16];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          digest.update(buffer, 0, n);
        }
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from the JDK", e);
    }
  }
}
