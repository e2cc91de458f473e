package dev.mixchannel.testkit.internal;

import org.slf4j.event.Level;

/**
 * One recorded WARN or ERROR event.
 *
 * @param logger the logger's name
 * @param level the level
 * @param message the formatted message
 * @param thread the name of the thread that logged it
 * @param throwable the throwable logged with it, or {@code null}
 */
public record LoggedEvent(
    String logger, Level level, String message, String thread, Throwable throwable) {

  /**
   * The event on one line, as slf4j-simple prints it (without the time).
   *
   * @return the description
   */
  public String describe() {
    String line = level + " [" + thread + "] " + logger + " - " + message;
    return throwable == null ? line : line + " (" + throwable + ")";
  }
}
