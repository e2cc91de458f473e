package dev.mixchannel.pmem.internal;

/**
 * The geometry a backend needs to map a pool.
 *
 * @param poolSizeBytes the pool size
 * @param dataOffset the offset of the data area, a multiple of the extent size
 * @param extentSizeBytes the extent size
 * @param extentCount the number of extents
 */
public record PoolGeometry(
    long poolSizeBytes, long dataOffset, long extentSizeBytes, long extentCount) {

  /**
   * The end of the data area.
   *
   * @return {@code dataOffset + extentCount * extentSizeBytes}
   */
  public long dataEnd() {
    return dataOffset + extentCount * extentSizeBytes;
  }
}
