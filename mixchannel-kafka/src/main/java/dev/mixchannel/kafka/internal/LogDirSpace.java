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
package dev.mixchannel.kafka.internal;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The space of the log-dir tier ({@link LogDirTier}): the file systems' of the known log dirs, each
 * counted once however many log dirs it holds. Capacity is their total size and use is their used
 * size, as Kafka's {@code DescribeLogDirs} reports them. A log dir or file system that does not
 * answer counts as nothing (it is not an error: a log dir may be offline for a while). Thread-safe;
 * measures anew at each call.
 */
final class LogDirSpace {

  // The tier's logger: this line keeps the logger name it had while this was part of the tier.
  private static final Logger LOG = LoggerFactory.getLogger(LogDirTier.class);

  private final LogDirs logDirs;

  /**
   * Measures the space of the given log dirs.
   *
   * @param logDirs the broker's log dirs
   */
  LogDirSpace(LogDirs logDirs) {
    this.logDirs = logDirs;
  }

  /**
   * The total size of the file systems.
   *
   * @return bytes
   */
  long capacityBytes() {
    long total = 0;
    for (FileStore store : stores()) {
      total += measure(store, true);
    }
    return total;
  }

  /**
   * The used size of the file systems: total less usable.
   *
   * @return bytes
   */
  long usedBytes() {
    long used = 0;
    for (FileStore store : stores()) {
      used += measure(store, true) - measure(store, false);
    }
    return used;
  }

  /**
   * Whether one of the file systems has room for a file.
   *
   * @param bytes the file's size
   * @return whether one has at least that many usable bytes
   */
  boolean hasRoomFor(long bytes) {
    for (FileStore store : stores()) {
      if (measure(store, false) >= bytes) {
        return true;
      }
    }
    return false;
  }

  private List<FileStore> stores() {
    List<FileStore> stores = new ArrayList<>();
    for (Path dir : logDirs.known().values()) {
      try {
        FileStore store = Files.getFileStore(dir);
        if (!stores.contains(store)) {
          stores.add(store);
        }
      } catch (IOException e) {
        LOG.debug("log dir does not answer, not counted: dir={}", dir, e);
      }
    }
    return stores;
  }

  private static long measure(FileStore store, boolean total) {
    try {
      return total ? store.getTotalSpace() : store.getUsableSpace();
    } catch (IOException e) {
      return 0;
    }
  }
}
