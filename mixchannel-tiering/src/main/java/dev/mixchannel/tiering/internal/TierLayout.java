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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierLayoutException;
import dev.mixchannel.api.TierProvider;
import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directories of a manager's built-in tiers (PMem pools and file tiers), checked before any
 * tier opens and recorded once they all did, so that a directory that is not the one the manager
 * wrote is refused instead of opened empty. Each directory holds a {@link LayoutMarker}; the newest
 * marker found names every directory the layout had:
 *
 * <ul>
 *   <li>a directory of the layout whose marker is missing where it should be (a PMem mount that did
 *       not come up leaves an empty mount point, a tmpfs pool is lost at a reboot, a disk was
 *       replaced): refused, since the tier would open empty and its keys vanish or be created anew;
 *   <li>a PMem directory whose marker is there but whose pool file is not: refused likewise;
 *   <li>a directory configured for another tier than the one it was recorded for (swapped paths):
 *       refused;
 *   <li>a directory of the layout that is no longer configured: refused, its keys would vanish;
 *   <li>markers of two different managers: refused;
 *   <li>a directory that moved (its marker found at another configured path) or one added to the
 *       configuration: accepted, and the layout is recorded again.
 * </ul>
 *
 * <p>With no marker anywhere the layout is new (a first start) and is recorded. When a change is
 * intended, {@code accept} skips the checks and records the layout as configured (the tool's {@code
 * accept-layout}). The markers are rewritten only when the layout changed, so a restart reads one
 * small file per directory and writes nothing. Tiers of other providers, and tiers added to the
 * builder, keep their own storage and are not part of the layout. Not thread-safe: the manager's
 * open uses it once.
 */
final class TierLayout {
  private static final Logger LOG = LoggerFactory.getLogger(TierLayout.class);

  /** The command that accepts a layout as configured. */
  static final String ACCEPT_COMMAND = "java -jar mixchannel-tool.jar accept-layout <config>";

  /** One configured directory and the marker found in it. */
  private record Dir(String tier, boolean pmem, Path path, Optional<LayoutMarker> marker) {}

  private final List<Dir> dirs;
  private final Optional<LayoutMarker> newest;

  private TierLayout(List<Dir> dirs, Optional<LayoutMarker> newest) {
    this.dirs = dirs;
    this.newest = newest;
  }

  /**
   * Reads the markers of a configuration's directories and checks them, before any tier opens.
   *
   * @param config the configuration
   * @param accept whether to accept the layout as configured without checking it
   * @return the layout, to {@link #record} once the tiers are open
   * @throws TierLayoutException when a directory is not the one the manager wrote (not with {@code
   *     accept})
   * @throws IOException when a marker cannot be read
   */
  static TierLayout check(MixChannelConfig config, boolean accept) throws IOException {
    List<Dir> dirs = new ArrayList<>();
    for (TierConfig tier : config.tiers()) {
      String provider = tier.providerName();
      if (!provider.equals(TierProvider.PMEM) && !provider.equals(TierProvider.FILE)) {
        continue;
      }
      for (Path path : tier.paths()) {
        Path dir = path.toAbsolutePath().normalize();
        dirs.add(
            new Dir(tier.name(), provider.equals(TierProvider.PMEM), dir, LayoutMarker.read(dir)));
      }
    }
    Optional<LayoutMarker> newest =
        dirs.stream()
            .flatMap(d -> d.marker().stream())
            .max((a, b) -> Long.compare(a.generation(), b.generation()));
    TierLayout layout = new TierLayout(dirs, newest);
    if (!accept && newest.isPresent()) {
      layout.verify(newest.get());
    }
    return layout;
  }

  private void verify(LayoutMarker recorded) throws TierLayoutException {
    Set<String> seen = new HashSet<>();
    for (Dir d : dirs) {
      if (d.marker().isPresent()) {
        LayoutMarker m = d.marker().get();
        if (!seen.add(m.pathId())) {
          throw refusal(d, "another configured directory has the same marker (a copy of it?)");
        }
        if (!m.managerId().equals(recorded.managerId())) {
          throw refusal(
              d,
              "its marker is another tier manager's: manager.id="
                  + m.managerId()
                  + ", expected="
                  + recorded.managerId());
        }
        Optional<LayoutMarker.Entry> was = entry(recorded, m.pathId());
        if (was.isPresent() && !was.get().tier().equals(d.tier())) {
          throw refusal(d, "it was tier " + was.get().tier() + "'s (paths swapped?)");
        }
        if (d.pmem() && !Files.exists(d.path().resolve(PmemTier.POOL_FILE_NAME))) {
          throw refusal(d, "its pool file " + PmemTier.POOL_FILE_NAME + " is missing");
        }
      }
    }
    for (LayoutMarker.Entry e : recorded.entries()) {
      if (dirs.stream()
          .anyMatch(d -> d.marker().map(m -> m.pathId().equals(e.pathId())).orElse(false))) {
        continue;
      }
      Optional<Dir> samePath =
          dirs.stream().filter(d -> d.path().toString().equals(e.path())).findFirst();
      if (samePath.isPresent()) {
        throw refusal(
            samePath.get(),
            "its marker "
                + LayoutMarker.FILE_NAME
                + " is missing (path.id="
                + e.pathId()
                + " expected): the directory is not mounted, was replaced or emptied");
      }
      throw new TierLayoutException(
          "tier layout refused, a directory of this manager is no longer configured: tier="
              + e.tier()
              + ", path="
              + e.path()
              + " (its keys would not be served; configure it again, or once its keys are"
              + " evacuated accept the layout: "
              + ACCEPT_COMMAND
              + ")");
    }
  }

  private static Optional<LayoutMarker.Entry> entry(LayoutMarker marker, String pathId) {
    return marker.entries().stream().filter(e -> e.pathId().equals(pathId)).findFirst();
  }

  private static TierLayoutException refusal(Dir d, String why) {
    return new TierLayoutException(
        "tier layout refused, a directory is not the one this manager wrote: tier="
            + d.tier()
            + ", path="
            + d.path()
            + ", reason="
            + why
            + " (opening it would show its keys missing or create them anew; mount or restore the"
            + " right storage, or if its data is gone for good or was evacuated, accept the"
            + " layout: "
            + ACCEPT_COMMAND
            + ")");
  }

  /**
   * Records the layout once every tier is open: writes the markers when the layout is new or
   * changed (directories added, moved or accepted), and nothing otherwise.
   *
   * <p>In two rounds, so that a crash between two marker writes never leaves a layout that names a
   * directory without a marker (the next open would refuse it as lost): first each directory that
   * has no marker of this manager gets one with its identity and the layout as it was; then every
   * directory gets the new layout.
   *
   * @throws IOException when a marker cannot be written
   */
  void record() throws IOException {
    record(LayoutMarker::write);
  }

  /** Writes one marker into one directory: {@link LayoutMarker#write}, or a test's crash. */
  @FunctionalInterface
  interface MarkerWrite {
    /**
     * Writes a marker.
     *
     * @param marker the marker
     * @param directory the directory it goes into
     * @throws IOException when it cannot be written
     */
    void write(LayoutMarker marker, Path directory) throws IOException;
  }

  /**
   * {@link #record()} through a given marker write.
   *
   * @param write the write of one marker
   * @throws IOException when a marker cannot be written
   */
  void record(MarkerWrite write) throws IOException {
    String managerId = newest.map(LayoutMarker::managerId).orElse(UUID.randomUUID().toString());
    List<LayoutMarker.Entry> entries = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (Dir d : dirs) {
      String id =
          d.marker()
              .filter(m -> m.managerId().equals(managerId))
              .map(LayoutMarker::pathId)
              .orElse(UUID.randomUUID().toString());
      ids.add(id);
      entries.add(new LayoutMarker.Entry(id, d.tier(), d.path().toString()));
    }
    long generation = newest.map(LayoutMarker::generation).orElse(0L);
    boolean same =
        newest.isPresent()
            && Set.copyOf(newest.get().entries()).equals(new HashSet<>(entries))
            && dirs.stream()
                .allMatch(d -> d.marker().map(m -> m.generation() == generation).orElse(false));
    if (same) {
      return;
    }
    List<LayoutMarker.Entry> before = newest.map(LayoutMarker::entries).orElse(List.of());
    for (int i = 0; i < dirs.size(); i++) {
      Dir d = dirs.get(i);
      if (d.marker().filter(m -> m.managerId().equals(managerId)).isEmpty()) {
        write.write(new LayoutMarker(managerId, generation, ids.get(i), before), d.path());
      }
    }
    for (int i = 0; i < dirs.size(); i++) {
      write.write(
          new LayoutMarker(managerId, generation + 1, ids.get(i), List.copyOf(entries)),
          dirs.get(i).path());
    }
    LOG.info(
        "tier layout recorded: manager.id={}, generation={}, directories={}",
        managerId,
        generation + 1,
        entries.size());
  }
}
