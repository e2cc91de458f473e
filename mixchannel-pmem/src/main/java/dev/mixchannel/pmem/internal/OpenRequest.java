package dev.mixchannel.pmem.internal;

import dev.mixchannel.api.SizeHint;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * The open options of a PMem channel, parsed with {@code FileChannel.open}'s rules: READ + APPEND
 * and APPEND + TRUNCATE_EXISTING are refused; neither READ nor WRITE means READ (WRITE with
 * APPEND); CREATE, CREATE_NEW and TRUNCATE_EXISTING act only with WRITE; SPARSE, SYNC, DSYNC and
 * NOFOLLOW_LINKS are accepted and ignored; DELETE_ON_CLOSE and unknown options are unsupported.
 *
 * @param read whether the channel reads
 * @param write whether the channel writes
 * @param append whether relative writes go to the end
 * @param create create the key when missing
 * @param createNew create the key, failing when it exists
 * @param truncateExisting truncate an existing key to 0
 * @param sizeHint the size hint (placement, or preallocation for a new key)
 */
public record OpenRequest(
    boolean read,
    boolean write,
    boolean append,
    boolean create,
    boolean createNew,
    boolean truncateExisting,
    SizeHint sizeHint) {

  /**
   * Parses open options.
   *
   * @param options the options
   * @return the request
   * @throws IllegalArgumentException for an invalid combination
   * @throws UnsupportedOperationException for an unsupported option
   */
  public static OpenRequest parse(Set<? extends OpenOption> options) {
    boolean read = false;
    boolean write = false;
    boolean append = false;
    boolean create = false;
    boolean createNew = false;
    boolean truncate = false;
    for (OpenOption option : options) {
      if (option == StandardOpenOption.READ) {
        read = true;
      } else if (option == StandardOpenOption.WRITE) {
        write = true;
      } else if (option == StandardOpenOption.APPEND) {
        append = true;
      } else if (option == StandardOpenOption.CREATE) {
        create = true;
      } else if (option == StandardOpenOption.CREATE_NEW) {
        createNew = true;
      } else if (option == StandardOpenOption.TRUNCATE_EXISTING) {
        truncate = true;
      } else if (option == StandardOpenOption.SPARSE
          || option == StandardOpenOption.SYNC
          || option == StandardOpenOption.DSYNC
          || option == LinkOption.NOFOLLOW_LINKS
          || option instanceof SizeHint) {
        continue;
      } else if (option == null) {
        throw new NullPointerException("open option");
      } else {
        throw new UnsupportedOperationException(
            "open option not supported by a PMem tier: option=" + option);
      }
    }
    if (read && append) {
      throw new IllegalArgumentException("READ + APPEND not allowed");
    }
    if (append && truncate) {
      throw new IllegalArgumentException("APPEND + TRUNCATE_EXISTING not allowed");
    }
    if (!read && !write) {
      if (append) {
        write = true;
      } else {
        read = true;
      }
    }
    return new OpenRequest(
        read,
        write,
        append,
        create && write,
        createNew && write,
        truncate && write,
        SizeHint.in(options));
  }

  /**
   * Whether the key may be created.
   *
   * @return {@code create() || createNew()}
   */
  public boolean creates() {
    return create || createNew;
  }
}
