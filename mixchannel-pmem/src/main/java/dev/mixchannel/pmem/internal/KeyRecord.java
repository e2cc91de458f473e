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
package dev.mixchannel.pmem.internal;

import static dev.mixchannel.pmem.internal.PoolLayout.*;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * One of a slot's two key records: {sequence, generation, length, CRC32C, UTF-8 key bytes}. The CRC
 * covers the slot index, generation, sequence, length and bytes, so a record of an earlier
 * generation of the slot, or a torn record, is never valid.
 *
 * @param sequence the record's sequence (pool-wide; the higher valid record wins)
 * @param generation the slot generation it belongs to
 * @param key the key
 */
record KeyRecord(long sequence, long generation, String key) {

  /** Writes a record (bytes first, header last); the caller flushes it. */
  static void write(
      PoolMemory memory, long slot, long recordOffset, long sequence, long generation, byte[] key) {
    memory.putBytes(recordOffset + KEY_BYTES, key, 0, key.length);
    memory.putLong(recordOffset + KEY_SEQUENCE, sequence);
    memory.putLong(recordOffset + KEY_GENERATION, generation);
    int crc = crc(slot, generation, sequence, key, key.length);
    memory.putLong(recordOffset + KEY_LENGTH_CRC, (key.length & 0xFFFFFFFFL) | ((long) crc << 32));
  }

  /**
   * Reads a record.
   *
   * @return the record, or null when it is not valid
   */
  static KeyRecord read(MetadataReader reader, long slot, long recordOffset) {
    long sequence = reader.getLong(recordOffset + KEY_SEQUENCE);
    long generation = reader.getLong(recordOffset + KEY_GENERATION);
    long lengthCrc = reader.getLong(recordOffset + KEY_LENGTH_CRC);
    int length = (int) lengthCrc;
    if (length < 1 || length > MAX_KEY_BYTES || sequence < 1 || generation < 1) {
      return null;
    }
    byte[] bytes = new byte[length];
    reader.getBytes(recordOffset + KEY_BYTES, bytes, 0, length);
    if ((int) (lengthCrc >>> 32) != crc(slot, generation, sequence, bytes, length)) {
      return null;
    }
    try {
      String key =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      return new KeyRecord(sequence, generation, key);
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static int crc(long slot, long generation, long sequence, byte[] key, int length) {
    CRC32C crc = new CRC32C();
    Checksums.update(crc, slot);
    Checksums.update(crc, generation);
    Checksums.update(crc, sequence);
    Checksums.update(crc, length);
    crc.update(key, 0, length);
    return (int) crc.getValue();
  }
}
