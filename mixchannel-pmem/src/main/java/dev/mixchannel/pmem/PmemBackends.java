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
package dev.mixchannel.pmem;

import dev.mixchannel.pmem.internal.Backends;

/**
 * Which PMem memory backends this JVM can use (Lucene's {@code UNMAP_SUPPORTED} style). The JDK
 * backend always works; LLPL needs Debian's {@code libpmemobj1} and {@code libpmempool1}.
 */
public final class PmemBackends {

  private PmemBackends() {}

  /**
   * Whether LLPL's native library loads.
   *
   * @return {@code true} when {@code mixchannel.pmem.backend=llpl} can work
   */
  public static boolean isLlplSupported() {
    return Backends.isLlplSupported();
  }

  /**
   * Why LLPL cannot load.
   *
   * @return the reason, or an empty string when it is supported
   */
  public static String llplUnsupportedReason() {
    return Backends.llplUnsupportedReason();
  }
}
