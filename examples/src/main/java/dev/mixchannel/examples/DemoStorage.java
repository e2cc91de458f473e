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
package dev.mixchannel.examples;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The demo's two tier directories: fresh sub-directories of the chosen bases, removed again by
 * {@link #close()} unless the user asked to keep them (a PMem pool on tmpfs holds RAM until it is
 * deleted). Close is idempotent and thread-safe.
 */
final class DemoStorage implements AutoCloseable {

  /** Room a PMem base directory needs beyond the capacity (pool metadata, rounding). */
  private static final long SLACK_BYTES = 16L << 20;

  private static final Path SHM = Path.of("/dev/shm");

  private final DemoSettings settings;
  private final Path pmem;
  private final Path disk;
  private final boolean diskBaseCreated;
  private boolean closed;

  private DemoStorage(DemoSettings settings) throws IOException {
    this.settings = settings;
    this.diskBaseCreated = !Files.exists(settings.diskBase());
    Files.createDirectories(settings.diskBase());
    this.pmem = Files.createTempDirectory(settings.pmemBase(), "mixchannel-demo-");
    this.disk = Files.createTempDirectory(settings.diskBase(), "run-");
  }

  /**
   * The default base of the PMem tier: {@code /dev/shm} (tmpfs, the usual PMem emulation) when it
   * has room for the capacity, else the JVM's temp directory.
   *
   * @param capacityBytes the PMem tier's capacity
   * @return the base directory
   */
  static Path defaultPmemBase(long capacityBytes) {
    if (Files.isDirectory(SHM) && Files.isWritable(SHM) && hasRoom(SHM, capacityBytes)) {
      return SHM;
    }
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  /**
   * Whether a directory's file system has room for a pool of a capacity.
   *
   * @param dir the directory
   * @param capacityBytes the pool's capacity
   * @return whether the usable space covers it with some slack
   */
  static boolean hasRoom(Path dir, long capacityBytes) {
    try {
      return Files.getFileStore(dir).getUsableSpace() >= capacityBytes + SLACK_BYTES;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Makes the fresh directories.
   *
   * @param settings the demo's settings
   * @return the storage; the caller closes it
   * @throws IOException when a directory cannot be made
   */
  static DemoStorage create(DemoSettings settings) throws IOException {
    return new DemoStorage(settings);
  }

  /**
   * The configuration of the demo's tier manager: PMem tier {@code pmem}, disk tier {@code disk}.
   *
   * @return the configuration
   */
  MixChannelConfig config() {
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, settings.capacityBytes(), pmem)
        .tier("disk", TierKind.SSD, -1, disk)
        .migrationThreshold(settings.threshold())
        // Four policy rounds a second instead of one, so a short demo shows several rounds.
        .intervalMillis(250)
        .build();
  }

  /**
   * The PMem tier's directory.
   *
   * @return the directory
   */
  Path pmemDir() {
    return pmem;
  }

  /**
   * The disk tier's directory.
   *
   * @return the directory
   */
  Path diskDir() {
    return disk;
  }

  /**
   * Removes both directories unless the settings say keep; idempotent. Synchronized because the
   * demo's shutdown hook may call it while the main thread does.
   *
   * @throws IOException when a file cannot be removed
   */
  @Override
  public synchronized void close() throws IOException {
    if (closed || settings.keep()) {
      return;
    }
    closed = true;
    DemoFiles.deleteRecursively(pmem);
    DemoFiles.deleteRecursively(disk);
    if (diskBaseCreated) {
      try (var entries = Files.list(settings.diskBase())) {
        if (entries.findAny().isEmpty()) {
          Files.delete(settings.diskBase());
        }
      }
    }
  }
}
