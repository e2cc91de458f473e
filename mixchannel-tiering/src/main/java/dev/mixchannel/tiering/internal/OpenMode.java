package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.SizeHint;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * The parsed options of a {@code TierManager.open} call, with the JDK's rules: {@code APPEND}
 * implies write; no read or write option means read; {@code CREATE}, {@code CREATE_NEW} and {@code
 * TRUNCATE_EXISTING} only act when writing.
 *
 * @param read whether the handle may read
 * @param write whether the handle may write
 * @param append whether writes go to the end
 * @param create whether a missing key is created
 * @param createNew whether the key must not exist yet
 * @param truncate whether an existing key is truncated to 0
 * @param sync whether each write is followed by {@code force(true)}
 * @param dsync whether each write is followed by {@code force(false)}
 * @param deleteOnClose whether the key is deleted when its last handle closes
 * @param hint the size hint for a new key
 */
public record OpenMode(
    boolean read,
    boolean write,
    boolean append,
    boolean create,
    boolean createNew,
    boolean truncate,
    boolean sync,
    boolean dsync,
    boolean deleteOnClose,
    SizeHint hint) {

  /**
   * Parses open options.
   *
   * @param key the key being opened, for messages
   * @param options the options
   * @return the mode
   * @throws IllegalArgumentException for {@code READ + APPEND}, {@code APPEND + TRUNCATE_EXISTING}
   *     or two different size hints
   * @throws UnsupportedOperationException for an option the manager does not know
   */
  public static OpenMode parse(String key, OpenOption... options) {
    boolean read = false;
    boolean write = false;
    boolean append = false;
    boolean create = false;
    boolean createNew = false;
    boolean truncate = false;
    boolean sync = false;
    boolean dsync = false;
    boolean deleteOnClose = false;
    SizeHint hint = null;
    for (OpenOption option : options) {
      Objects.requireNonNull(option, "option");
      if (option instanceof SizeHint h) {
        if (hint != null && !hint.equals(h)) {
          throw new IllegalArgumentException(
              "conflicting size hints: key=" + key + ", first=" + hint + ", second=" + h);
        }
        hint = h;
      } else if (option == LinkOption.NOFOLLOW_LINKS) {
        continue;
      } else if (option instanceof StandardOpenOption std) {
        switch (std) {
          case READ -> read = true;
          case WRITE -> write = true;
          case APPEND -> append = true;
          case CREATE -> create = true;
          case CREATE_NEW -> createNew = true;
          case TRUNCATE_EXISTING -> truncate = true;
          case SYNC -> sync = true;
          case DSYNC -> dsync = true;
          case DELETE_ON_CLOSE -> deleteOnClose = true;
          case SPARSE -> {}
          default -> throw unsupported(key, option);
        }
      } else {
        throw unsupported(key, option);
      }
    }
    write |= append;
    if (read && append) {
      throw new IllegalArgumentException("READ + APPEND not allowed: key=" + key);
    }
    if (append && truncate) {
      throw new IllegalArgumentException("APPEND + TRUNCATE_EXISTING not allowed: key=" + key);
    }
    read |= !write;
    return new OpenMode(
        read,
        write,
        append,
        write && create,
        write && createNew,
        write && truncate,
        sync,
        dsync,
        deleteOnClose,
        hint == null ? SizeHint.NONE : hint);
  }

  /**
   * Whether a missing key may be created.
   *
   * @return {@code create || createNew}
   */
  public boolean mayCreate() {
    return create || createNew;
  }

  private static UnsupportedOperationException unsupported(String key, OpenOption option) {
    return new UnsupportedOperationException(
        "unsupported open option: option=" + option + ", key=" + key);
  }
}
