package dev.mixchannel.pmem.internal;

/** Read access to a pool's metadata: the live memory at recovery, a file copy for inspection. */
interface MetadataReader {

  long getLong(long offset);

  void getBytes(long offset, byte[] dst, int dstIndex, int length);

  /** Reads through a pool's memory. */
  static MetadataReader of(PoolMemory memory) {
    return new MetadataReader() {
      @Override
      public long getLong(long offset) {
        return memory.getLong(offset);
      }

      @Override
      public void getBytes(long offset, byte[] dst, int dstIndex, int length) {
        memory.getBytes(offset, dst, dstIndex, length);
      }
    };
  }
}
