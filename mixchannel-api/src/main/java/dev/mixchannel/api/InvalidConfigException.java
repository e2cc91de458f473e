package dev.mixchannel.api;

/**
 * A configuration value is missing or invalid. Raised once, when a {@link MixChannelConfig} is
 * built; the message names the property, the bad value and what was expected.
 */
public class InvalidConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The property key. */
  private final String property;

  /** The offending value, or {@code null} when it was missing. */
  private final String value;

  /**
   * Creates the exception.
   *
   * @param property the property key, such as {@code mixchannel.migrate.threads}
   * @param value the bad value, or {@code null} when the property was missing
   * @param expected what was expected, such as {@code an integer from 1 to 64}
   */
  public InvalidConfigException(String property, String value, String expected) {
    super(
        "invalid configuration: property="
            + property
            + ", value="
            + (value == null ? "<missing>" : "'" + value + "'")
            + ", expected "
            + expected);
    this.property = property;
    this.value = value;
  }

  /**
   * The property key.
   *
   * @return the key
   */
  public String property() {
    return property;
  }

  /**
   * The offending value.
   *
   * @return the value, or {@code null} when it was missing
   */
  public String value() {
    return value;
  }
}
