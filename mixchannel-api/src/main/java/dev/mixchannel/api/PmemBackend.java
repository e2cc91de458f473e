package dev.mixchannel.api;

/** Which memory backend a PMem tier uses ({@code mixchannel.pmem.backend}). */
public enum PmemBackend {
  /** LLPL when its native library loads, else JDK, with one INFO line giving the reason. */
  AUTO,
  /** PMDK's LLPL ({@code libpmem}); opening fails when the native library cannot load. */
  LLPL,
  /** Pure JDK {@code MappedByteBuffer} windows over the pool file. */
  JDK
}
