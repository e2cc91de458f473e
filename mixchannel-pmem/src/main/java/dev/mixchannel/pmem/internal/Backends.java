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

import dev.mixchannel.api.ConfigKeys;
import dev.mixchannel.api.MixChannelException;
import dev.mixchannel.api.PmemBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses the memory backend of a PMem tier ({@code mixchannel.pmem.backend}) and knows whether
 * LLPL's native library loads. Thread-safe.
 */
public final class Backends {

  private static final Logger LOG = LoggerFactory.getLogger(Backends.class);

  private Backends() {}

  /**
   * Whether LLPL's native library ({@code libllpl} with libpmem) loads in this JVM.
   *
   * @return {@code true} when the LLPL backend can be used
   */
  public static boolean isLlplSupported() {
    return LlplSupport.REASON.isEmpty();
  }

  /**
   * Why LLPL cannot be used.
   *
   * @return the reason, or an empty string when it is supported
   */
  public static String llplUnsupportedReason() {
    return LlplSupport.REASON;
  }

  /**
   * The JDK backend.
   *
   * @return its provider
   */
  public static PoolMemoryProvider jdk() {
    return JdkPoolMemory.provider();
  }

  /**
   * The LLPL backend, without checking support.
   *
   * @return its provider
   */
  public static PoolMemoryProvider llpl() {
    return LlplPoolMemory.provider();
  }

  /**
   * Chooses a backend with this JVM's LLPL support.
   *
   * @param choice the configured backend
   * @param tierName the tier, for messages
   * @return the provider
   * @throws MixChannelException when {@code llpl} is asked for and cannot load
   */
  public static PoolMemoryProvider select(PmemBackend choice, String tierName)
      throws MixChannelException {
    return select(choice, tierName, llplUnsupportedReason());
  }

  /**
   * Chooses a backend given whether LLPL loads: {@code auto} prefers LLPL and falls back to the JDK
   * with one INFO line giving the reason.
   *
   * @param choice the configured backend
   * @param tierName the tier, for messages
   * @param llplReason why LLPL cannot load, or empty when it can
   * @return the provider
   * @throws MixChannelException when {@code llpl} is asked for and cannot load
   */
  public static PoolMemoryProvider select(PmemBackend choice, String tierName, String llplReason)
      throws MixChannelException {
    switch (choice) {
      case JDK:
        return jdk();
      case LLPL:
        if (!llplReason.isEmpty()) {
          throw new MixChannelException(
              "LLPL backend unavailable: "
                  + ConfigKeys.PMEM_BACKEND
                  + "=llpl, reason="
                  + llplReason
                  + " (tier "
                  + tierName
                  + ")");
        }
        return llpl();
      default:
        if (llplReason.isEmpty()) {
          return llpl();
        }
        LOG.info(
            "PMem tier {} uses the JDK backend: LLPL cannot load: {} (set {}=jdk to silence)",
            tierName,
            llplReason,
            ConfigKeys.PMEM_BACKEND);
        return jdk();
    }
  }
}
