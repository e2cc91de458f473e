package dev.mixchannel.api;

import java.nio.file.Path;

/**
 * A PMem pool's metadata failed validation: a bad magic, version, checksum or out-of-range field.
 * Raised when the superblock is bad (the whole pool is refused) and when a quarantined channel is
 * opened (its bytes are never served).
 */
public class CorruptPoolException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /** The pool file. */
  private final transient Path pool;

  /** The field or region that failed, such as {@code superblock.crc} or {@code slot[17]}. */
  private final String field;

  /**
   * Creates the exception.
   *
   * @param pool the pool file
   * @param field the field or region that failed validation
   * @param message the full message naming the field, the values seen and the pool
   */
  public CorruptPoolException(Path pool, String field, String message) {
    super(message);
    this.pool = pool;
    this.field = field;
  }

  /**
   * The pool file.
   *
   * @return its path
   */
  public Path pool() {
    return pool;
  }

  /**
   * The field or region that failed validation.
   *
   * @return the field name
   */
  public String field() {
    return field;
  }
}
