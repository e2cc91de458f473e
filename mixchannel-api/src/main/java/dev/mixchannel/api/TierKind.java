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
package dev.mixchannel.api;

/**
 * The kind of medium a tier lives on, fastest first: {@link #ordinal()} order is speed order, so
 * {@code PMEM.compareTo(HDD) < 0}.
 */
public enum TierKind {
  /** Byte-addressable persistent memory (Intel Optane DCPMM), or its emulation on tmpfs. */
  PMEM,
  /** NVMe solid-state storage. */
  NVME,
  /** SATA/SAS solid-state storage. */
  SSD,
  /** Rotating disks. */
  HDD;

  /**
   * Parses a kind name case-insensitively.
   *
   * @param text the name, such as {@code pmem} or {@code HDD}
   * @return the kind
   * @throws IllegalArgumentException when the text names no kind; the message lists the valid names
   */
  public static TierKind parse(String text) {
    for (TierKind kind : values()) {
      if (kind.name().equalsIgnoreCase(text.trim())) {
        return kind;
      }
    }
    throw new IllegalArgumentException(
        "unknown tier kind: value=" + text + ", expected one of PMEM, NVME, SSD, HDD");
  }
}
