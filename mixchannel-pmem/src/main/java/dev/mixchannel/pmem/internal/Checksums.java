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

import java.util.zip.CRC32C;

/**
 * The checksums of the pool layout: CRC-8 (polynomial 0x07) for the one-word slot fields, where it
 * detects every single-byte error of the word at the cost of seven table look-ups, and CRC32C for
 * the superblock, key records and extent entries.
 */
final class Checksums {

  private static final int[] CRC8_TABLE = crc8Table();

  private Checksums() {}

  private static int[] crc8Table() {
    int[] table = new int[256];
    for (int i = 0; i < 256; i++) {
      int crc = i;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 0x80) != 0 ? ((crc << 1) ^ 0x07) & 0xFF : (crc << 1) & 0xFF;
      }
      table[i] = crc;
    }
    return table;
  }

  /** Folds the low {@code byteCount} bytes of {@code value} (least significant first) into crc. */
  static int crc8(int crc, long value, int byteCount) {
    int c = crc & 0xFF;
    long v = value;
    for (int i = 0; i < byteCount; i++) {
      c = CRC8_TABLE[(c ^ (int) v) & 0xFF];
      v >>>= 8;
    }
    return c;
  }

  /** CRC32C of little-endian longs and ints, for the small fixed records. */
  static int crc32c(long a, long b, long c) {
    CRC32C crc = new CRC32C();
    update(crc, a);
    update(crc, b);
    update(crc, c);
    return (int) crc.getValue();
  }

  static void update(CRC32C crc, long value) {
    for (int i = 0; i < 8; i++) {
      crc.update((int) (value >>> (8 * i)));
    }
  }
}
