package dev.mixchannel.pmem.internal;

/**
 * Probes LLPL once per JVM (class-holder idiom): initializing {@code MemoryPoolImpl} loads {@code
 * libllpl}, which needs libpmem, libpmemobj and libpmempool. The result is immutable.
 */
final class LlplSupport {

  /** Empty when LLPL loads, else why not. */
  static final String REASON = probe();

  private LlplSupport() {}

  private static String probe() {
    try {
      Class.forName("com.intel.pmem.llpl.MemoryPoolImpl", true, LlplSupport.class.getClassLoader());
      return "";
    } catch (LinkageError | ClassNotFoundException | RuntimeException e) {
      String message = e.getMessage();
      return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
  }
}
