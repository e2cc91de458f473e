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
