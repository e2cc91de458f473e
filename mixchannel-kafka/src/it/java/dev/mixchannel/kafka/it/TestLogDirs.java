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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Properties;
import java.util.UUID;

/** Makes a directory look like a formatted Kafka log dir, as far as the agent cares. */
public final class TestLogDirs {

  private TestLogDirs() {}

  /**
   * Creates the directory and a {@code meta.properties} with a random {@code directory.id} when it
   * has none.
   *
   * @param logDir the directory
   * @return the directory id
   * @throws IOException when writing fails
   */
  public static synchronized String format(Path logDir) throws IOException {
    Files.createDirectories(logDir);
    Path meta = logDir.resolve("meta.properties");
    Properties properties = new Properties();
    if (Files.exists(meta)) {
      try (InputStream in = Files.newInputStream(meta)) {
        properties.load(in);
      }
      return properties.getProperty("directory.id");
    }
    UUID uuid = UUID.randomUUID();
    byte[] bytes = new byte[16];
    for (int i = 0; i < 8; i++) {
      bytes[i] = (byte) (uuid.getMostSignificantBits() >>> (56 - 8 * i));
      bytes[8 + i] = (byte) (uuid.getLeastSignificantBits() >>> (56 - 8 * i));
    }
    String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    properties.setProperty("version", "1");
    properties.setProperty("node.id", "1");
    properties.setProperty("cluster.id", "mixchannel-test");
    properties.setProperty("directory.id", id);
    Path temporary = logDir.resolve("meta.properties.tmp");
    try (OutputStream out = Files.newOutputStream(temporary)) {
      properties.store(out, null);
    }
    Files.move(temporary, meta);
    return id;
  }
}
