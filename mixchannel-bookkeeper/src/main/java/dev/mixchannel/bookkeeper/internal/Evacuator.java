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
package dev.mixchannel.bookkeeper.internal;

import static java.nio.file.StandardCopyOption.ATOMIC_MOVE;
import static java.nio.file.StandardCopyOption.REPLACE_EXISTING;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.common.DurableFiles;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Turns journal keys back into plain journal files, with the bookie stopped, so that it can start
 * without the provider. First one reaper pass (keys of deleted journals go); then each key whose
 * placeholder exists is copied into a temporary file next to it ({@code .<name>.evacuating}, which
 * the bookie does not list), forced, renamed over the placeholder, the directory forced, and the
 * key deleted. A placeholder (empty, whole or cut: {@link JournalPlaceholder}) is replaced by its
 * key's bytes; a file that holds journal bytes already is complete (an earlier evacuation stopped
 * before deleting its key), so only the key goes. It can be stopped and run again at any point.
 * Quarantined keys are written as files under a directory of the caller's choice, or left. Whole or
 * cut placeholders whose key no tier holds are reported as left: their bytes are lost, and a bookie
 * refuses them. Not thread-safe.
 */
public final class Evacuator {

  private static final int BUFFER_BYTES = 1 << 20;

  private final TierManager tiers;
  private final JournalSettings settings;
  private final PrintStream out;

  /**
   * Creates an evacuator.
   *
   * @param tiers the bookie's tiers, opened by the caller (the bookie must be stopped)
   * @param settings the bookie's settings
   * @param out where progress lines go
   */
  public Evacuator(TierManager tiers, JournalSettings settings, PrintStream out) {
    this.tiers = tiers;
    this.settings = settings;
    this.out = out;
  }

  /**
   * Evacuates every journal key.
   *
   * @param quarantineTo where quarantined keys are written as files (under their key), or null to
   *     leave them
   * @return the keys left in the tiers, and the placeholders whose key no tier holds
   * @throws IOException when a copy or a key operation fails
   */
  public List<String> run(Path quarantineTo) throws IOException {
    int reaped =
        new Reaper(tiers, settings, new ReentrantLock(), key -> false, Clock.systemUTC()).doWork();
    out.println("reaper: " + reaped + " keys of deleted journals removed or quarantined");
    List<String> left = new ArrayList<>();
    for (String key : tiers.keys()) {
      if (JournalKeys.isJournalKey(key)) {
        Path placeholder = JournalKeys.placeholderOf(key);
        if (Files.isRegularFile(placeholder)) {
          evacuate(key, placeholder);
        } else {
          left.add(key);
          out.println("left " + key + ": its journal file " + placeholder + " is not there");
        }
      } else if (key.startsWith(JournalKeys.QUARANTINE) && quarantineTo != null) {
        Path target = quarantineTo.resolve(key);
        Files.createDirectories(target.getParent());
        copy(key, target);
        tiers.delete(key);
        out.println("wrote quarantined " + key + " to " + target);
      } else {
        left.add(key);
        out.println("left " + key);
      }
    }
    List<String> divergent = tiers.divergentKeys();
    for (String key : tiers.refusedKeys()) {
      left.add(key);
      out.println(
          "left "
              + key
              + (divergent.contains(key)
                  ? ": its complete copies on two tiers differ (mixchannel-tool resolve)"
                  : ": a tier refuses its copy (damaged); restore it from the other bookies"));
    }
    for (Path dir : settings.journalDirs()) {
      for (Path placeholder : orphanedPlaceholders(dir)) {
        left.add(placeholder.toString());
        out.println(
            "left "
                + placeholder
                + ": a placeholder whose key is in no tier (its journal bytes are lost unless the"
                + " tiers are not this bookie's); a bookie refuses it with or without the provider");
      }
    }
    return left;
  }

  /** The whole or cut placeholders of a journal directory whose key no tier holds. */
  private List<Path> orphanedPlaceholders(Path dir) throws IOException {
    List<Path> orphans = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return orphans;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + JournalKeys.SUFFIX)) {
      for (Path file : files) {
        if (JournalPlaceholder.stateOf(file).claimsKey()
            && !tiers.exists(JournalKeys.keyOf(file))) {
          orphans.add(file);
        }
      }
    }
    orphans.sort(null);
    return orphans;
  }

  private void evacuate(String key, Path placeholder) throws IOException {
    if (JournalPlaceholder.stateOf(placeholder) == JournalPlaceholder.State.JOURNAL) {
      tiers.delete(key);
      out.println("deleted " + key + ": " + placeholder + " already holds its bytes");
      return;
    }
    Path temporary = placeholder.resolveSibling("." + placeholder.getFileName() + ".evacuating");
    long bytes = copy(key, temporary);
    Files.move(temporary, placeholder, ATOMIC_MOVE, REPLACE_EXISTING);
    DurableFiles.syncDirectory(placeholder.getParent());
    tiers.delete(key);
    out.println("evacuated " + key + ": " + bytes + " bytes to " + placeholder);
  }

  /** Copies a key into a file and forces it; returns the bytes copied. */
  private long copy(String key, Path target) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    long copied = 0;
    try (MixChannel source = tiers.open(key, READ);
        FileChannel sink = FileChannel.open(target, CREATE, TRUNCATE_EXISTING, WRITE)) {
      while (source.read(buffer, copied) > 0) {
        buffer.flip();
        while (buffer.hasRemaining()) {
          copied += sink.write(buffer);
        }
        buffer.clear();
      }
      sink.force(true);
    }
    return copied;
  }
}
