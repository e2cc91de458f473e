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
package dev.mixchannel.file;

import dev.mixchannel.api.Keys;
import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds a {@link FileTier}'s index when it opens, by walking its directories: there is no other
 * catalog. Regular files are keys, files ending with {@value StorageTier#INCOMPLETE_SUFFIX} are
 * incomplete keys, and the tier's own files (names starting with {@value
 * StorageTier#RESERVED_PREFIX} at a root) are skipped.
 *
 * <p>The tier never leaves a complete key in two directories (a rename that replaces a key of
 * another directory removes that one first), so two complete copies came from outside: when their
 * bytes are the same one is removed, and when they differ both are kept and the key is refused
 * ({@link FileTier#refusedKeys()}): no file is chosen by its age. An incomplete key found twice (an
 * older release's crash) loses the copy found last; recovery discards incomplete keys anyway.
 */
final class KeyScan {

  private static final Logger LOG = LoggerFactory.getLogger(KeyScan.class);

  private final String tierName;
  private final Map<String, Found> complete = new HashMap<>();
  private final Map<String, Found> incomplete = new HashMap<>();
  private final Map<String, String> refused = new HashMap<>();

  private record Found(TierDirectory directory, Path file, long sizeBytes) {}

  private KeyScan(String tierName) {
    this.tierName = tierName;
  }

  /**
   * Walks the directories and indexes what they hold.
   *
   * @param directories the tier's directories, in configuration order
   * @param tierName the tier's name, for messages
   * @return the index
   * @throws IOException when a directory cannot be walked or a duplicate cannot be deleted
   */
  static KeyRegistry scan(List<TierDirectory> directories, String tierName) throws IOException {
    KeyScan scan = new KeyScan(tierName);
    for (TierDirectory directory : directories) {
      scan.walk(directory);
    }
    KeyRegistry registry = new KeyRegistry(directories.size());
    scan.complete.keySet().removeAll(scan.refused.keySet());
    scan.refused.forEach(registry::refuse);
    scan.complete.forEach((key, found) -> registry.putComplete(key, scan.entry(found)));
    scan.incomplete.forEach((key, found) -> registry.putIncomplete(key, scan.entry(found)));
    return registry;
  }

  private FileKey entry(Found found) {
    return new FileKey(found.directory(), found.file(), found.sizeBytes());
  }

  private void walk(TierDirectory directory) throws IOException {
    Path root = directory.root();
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            return isReserved(root, dir) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            if (attrs.isRegularFile() && !isReserved(root, file)) {
              found(directory, file, attrs);
            }
            return FileVisitResult.CONTINUE;
          }
        });
  }

  private static boolean isReserved(Path root, Path path) {
    return root.equals(path.getParent())
        && path.getFileName().toString().startsWith(StorageTier.RESERVED_PREFIX);
  }

  private void found(TierDirectory directory, Path file, BasicFileAttributes attrs)
      throws IOException {
    StringBuilder name = new StringBuilder();
    for (Path segment : directory.root().relativize(file)) {
      if (name.length() > 0) {
        name.append('/');
      }
      name.append(segment);
    }
    boolean isIncomplete = name.toString().endsWith(StorageTier.INCOMPLETE_SUFFIX);
    String key =
        isIncomplete
            ? name.substring(0, name.length() - StorageTier.INCOMPLETE_SUFFIX.length())
            : name.toString();
    try {
      Keys.validate(key);
    } catch (IllegalArgumentException e) {
      LOG.warn(
          "ignoring a file that is not a valid key: tier={}, file={}, reason={}",
          tierName,
          file,
          e.getMessage());
      return;
    }
    Found found = new Found(directory, file, attrs.size());
    Map<String, Found> map = isIncomplete ? incomplete : complete;
    Found other = map.get(key);
    if (other == null) {
      map.put(key, found);
      return;
    }
    if (!isIncomplete) {
      twice(key, other, found);
      return;
    }
    LOG.warn(
        "incomplete key found in two directories, removed one: tier={}, key={}, kept={},"
            + " deleted={}",
        tierName,
        key,
        other.file(),
        found.file());
    remove(found);
  }

  private static void remove(Found found) throws IOException {
    Files.deleteIfExists(found.file());
    found.directory().removeEmptyParents(found.file());
  }

  /**
   * A complete key found in a second directory: identical bytes lose the copy found last, different
   * bytes refuse the key with both copies kept.
   */
  private void twice(String key, Found first, Found second) throws IOException {
    if (!refused.containsKey(key) && sameBytes(first.file(), second.file())) {
      LOG.warn(
          "key found in two directories with the same bytes, removed one: tier={}, key={},"
              + " kept={}, deleted={}",
          tierName,
          key,
          first.file(),
          second.file());
      remove(second);
      return;
    }
    String copies =
        refused.getOrDefault(key, "copies differ: " + describe(first)) + ", " + describe(second);
    refused.put(key, copies);
    LOG.warn(
        "key found in two directories with different bytes, both kept and the key refused: tier={},"
            + " key={}, {}",
        tierName,
        key,
        copies);
  }

  private static String describe(Found found) {
    return found.file() + " (" + found.sizeBytes() + " bytes)";
  }

  private static boolean sameBytes(Path a, Path b) throws IOException {
    if (Files.size(a) != Files.size(b)) {
      return false;
    }
    return Files.mismatch(a, b) == -1L;
  }
}
