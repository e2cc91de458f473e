package dev.mixchannel.pmem.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** Opens a {@link PoolMemory} over a pool file: one per backend; tests supply decorators. */
public interface PoolMemoryProvider {

  /**
   * The backend's name.
   *
   * @return such as {@code jdk} or {@code llpl}
   */
  String name();

  /**
   * Maps a pool file. The provider may open and close descriptors of the file (LLPL does), which
   * drops this process's POSIX locks on it: the pool takes its ownership lock afterwards.
   *
   * @param file the pool file
   * @param channel an open read-write channel on it, owned by the pool
   * @param layout the pool's geometry
   * @param medium what the file lives on
   * @return the memory; the pool closes it
   * @throws IOException when mapping fails
   */
  PoolMemory open(Path file, FileChannel channel, PoolGeometry layout, Medium medium)
      throws IOException;
}
