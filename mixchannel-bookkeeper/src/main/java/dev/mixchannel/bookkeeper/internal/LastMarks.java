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

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Reads the bookie's last log marks: for each journal, the journal id and offset up to which the
 * ledger storage holds every entry. The bookie writes the mark (16 bytes: journal id, offset, big
 * endian) into {@code lastMark} in every writable ledger directory, or {@code lastMark.<index>}
 * when it has several journals, before it deletes the journals older than the mark; on start it
 * takes the greatest mark it can read. The reaper deletes a key only when its journal id is below
 * that mark, so it never removes what a replay would need. Stateless and thread-safe.
 */
public final class LastMarks {

  private static final int MARK_BYTES = 16;

  private final List<Path> ledgerDirs;
  private final int journalCount;

  /**
   * Creates a reader.
   *
   * @param ledgerDirs the ledger directories' {@code current} directories
   * @param journalCount how many journal directories the bookie has
   */
  public LastMarks(List<Path> ledgerDirs, int journalCount) {
    this.ledgerDirs = List.copyOf(ledgerDirs);
    this.journalCount = journalCount;
  }

  /**
   * The journal id of a journal's last mark: the greatest readable one over the ledger directories.
   *
   * @param journalIndex the journal's index in {@code journalDirectories}
   * @return the id, or empty when no ledger directory holds a readable mark
   */
  public OptionalLong logId(int journalIndex) {
    String name = journalCount == 1 ? "lastMark" : "lastMark." + journalIndex;
    long best = -1;
    boolean found = false;
    for (Path dir : ledgerDirs) {
      byte[] bytes = new byte[MARK_BYTES];
      try (InputStream in = Files.newInputStream(dir.resolve(name))) {
        if (in.readNBytes(bytes, 0, MARK_BYTES) != MARK_BYTES) {
          continue;
        }
      } catch (IOException e) {
        continue;
      }
      long id = ByteBuffer.wrap(bytes).getLong();
      if (!found || id > best) {
        best = id;
        found = true;
      }
    }
    return found ? OptionalLong.of(best) : OptionalLong.empty();
  }
}
