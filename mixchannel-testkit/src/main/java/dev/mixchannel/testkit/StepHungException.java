package dev.mixchannel.testkit;

/**
 * A differential step that did not return within the step timeout; its stack trace is that of the
 * thread the step hung in.
 */
final class StepHungException extends Exception {

  private static final long serialVersionUID = 1L;

  StepHungException(String message) {
    super(message);
  }
}
