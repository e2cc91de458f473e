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
package dev.mixchannel.testkit.tier;

import static java.nio.file.StandardOpenOption.READ;

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.channel.ContractSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.CRC32;

/**
 * What a tier's queries report: its complete keys with their bytes, and its incomplete keys. Two
 * snapshots are equal when they hold the same keys with the same bytes. The {@code with...} methods
 * state an expected state as a change of another.
 *
 * @param contents every complete key and its bytes (buffers at position 0, never read from)
 * @param incompleteKeys the incomplete keys
 */
record TierContents(Map<String, ByteBuffer> contents, Set<String> incompleteKeys) {

  TierContents {
    contents = Map.copyOf(contents);
    incompleteKeys = Set.copyOf(incompleteKeys);
  }

  /**
   * Reads the state of a tier through its queries: {@code keys}, {@code incompleteKeys}, and for
   * each key {@code exists}, {@code size} and its bytes through a new read-only channel.
   *
   * @throws AssertionError when the queries disagree with each other
   */
  static TierContents of(StorageTier tier) throws IOException {
    Map<String, ByteBuffer> contents = new TreeMap<>();
    List<String> keys = tier.keys();
    for (String key : keys) {
      if (!tier.exists(key)) {
        throw new AssertionError("keys() lists a key that exists() denies: key=" + key);
      }
      byte[] bytes;
      try (FileChannel channel = tier.open(key, Set.of(READ))) {
        bytes = ContractSupport.contents(channel);
      }
      long size = tier.size(key);
      if (size != bytes.length) {
        throw new AssertionError(
            "size() disagrees with the key's channel: key="
                + key
                + ", size="
                + size
                + ", read="
                + bytes.length);
      }
      contents.put(key, ByteBuffer.wrap(bytes));
    }
    if (contents.size() != keys.size()) {
      throw new AssertionError("keys() lists a key twice: keys=" + keys);
    }
    List<String> incomplete = tier.incompleteKeys();
    Set<String> incompleteSet = new TreeSet<>(incomplete);
    if (incompleteSet.size() != incomplete.size()) {
      throw new AssertionError("incompleteKeys() lists a key twice: keys=" + incomplete);
    }
    return new TierContents(contents, incompleteSet);
  }

  /** This state with {@code key} complete and holding {@code bytes}. */
  TierContents withKey(String key, byte[] bytes) {
    Map<String, ByteBuffer> changed = new TreeMap<>(contents);
    changed.put(key, ByteBuffer.wrap(bytes.clone()));
    return new TierContents(changed, incompleteKeys);
  }

  /** This state without the complete key {@code key}. */
  TierContents withoutKey(String key) {
    Map<String, ByteBuffer> changed = new TreeMap<>(contents);
    changed.remove(key);
    return new TierContents(changed, incompleteKeys);
  }

  /** This state with {@code from} renamed to {@code to}, replacing it. */
  TierContents withRename(String from, String to) {
    ByteBuffer bytes = contents.get(from);
    if (bytes == null) {
      throw new IllegalArgumentException("no such key in the snapshot: key=" + from);
    }
    Map<String, ByteBuffer> changed = new TreeMap<>(contents);
    changed.remove(from);
    changed.put(to, bytes);
    return new TierContents(changed, incompleteKeys);
  }

  /** This state with the incomplete key {@code key} added. */
  TierContents withIncomplete(String key) {
    Set<String> changed = new TreeSet<>(incompleteKeys);
    changed.add(key);
    return new TierContents(contents, changed);
  }

  /** This state without the incomplete key {@code key}. */
  TierContents withoutIncomplete(String key) {
    Set<String> changed = new TreeSet<>(incompleteKeys);
    changed.remove(key);
    return new TierContents(contents, changed);
  }

  /** Keys with size and CRC-32 of their bytes, then the incomplete keys, all sorted. */
  @Override
  public String toString() {
    StringJoiner keys = new StringJoiner(", ", "{", "}");
    for (Map.Entry<String, ByteBuffer> entry : new TreeMap<>(contents).entrySet()) {
      ByteBuffer bytes = entry.getValue().duplicate();
      CRC32 crc = new CRC32();
      crc.update(bytes.duplicate());
      keys.add(
          entry.getKey()
              + "=size:"
              + bytes.remaining()
              + "/crc:"
              + Long.toHexString(crc.getValue()));
    }
    return "TierContents[keys="
        + keys
        + ", incompleteKeys="
        + new ArrayList<>(new TreeSet<>(incompleteKeys))
        + "]";
  }
}
