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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * One segment {@link PathCopyingStorageManager} uploaded, as its manifest describes it.
 *
 * @param source the local segment file Kafka handed over
 * @param startOffset the first offset Kafka's metadata gives
 * @param endOffset the last offset Kafka's metadata gives
 * @param metadataBytes the segment size Kafka's metadata claims
 * @param copiedBytes the bytes the copy has
 */
public record RemoteUpload(
    String source, long startOffset, long endOffset, long metadataBytes, long copiedBytes) {

  /**
   * Every upload under a remote directory, by start offset.
   *
   * @param remoteDir the directory of {@link PathCopyingStorageManager}
   * @return the uploads
   * @throws IOException when a manifest cannot be read
   */
  public static List<RemoteUpload> list(Path remoteDir) throws IOException {
    List<RemoteUpload> uploads = new ArrayList<>();
    if (!Files.isDirectory(remoteDir)) {
      return uploads;
    }
    List<Path> manifests;
    try (Stream<Path> files = Files.walk(remoteDir)) {
      manifests =
          files
              .filter(f -> f.getFileName().toString().equals(PathCopyingStorageManager.MANIFEST))
              .toList();
    }
    for (Path manifest : manifests) {
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(manifest)) {
        p.load(in);
      }
      uploads.add(
          new RemoteUpload(
              p.getProperty("source"),
              Long.parseLong(p.getProperty("startOffset")),
              Long.parseLong(p.getProperty("endOffset")),
              Long.parseLong(p.getProperty("metadataBytes")),
              Long.parseLong(p.getProperty("copiedBytes"))));
    }
    uploads.sort(Comparator.comparingLong(RemoteUpload::startOffset));
    return uploads;
  }
}
