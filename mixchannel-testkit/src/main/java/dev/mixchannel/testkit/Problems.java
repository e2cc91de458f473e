package dev.mixchannel.testkit;

import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * Checks that go on after a failure, reported together at the end: a test that checks every method
 * of a tier names all that break a rule, not just the first. (AssertJ's {@code SoftAssertions} does
 * the same but costs seconds of class generation on first use.)
 */
final class Problems {

  private final List<String> found = new ArrayList<>();

  /** Records a problem unless {@code call} throws a {@code type}. */
  void expectThrows(String what, Class<? extends Throwable> type, ThrowingCallable call) {
    Throwable thrown = catchThrowable(call);
    if (!type.isInstance(thrown)) {
      found.add(
          what
              + ": expected "
              + type.getSimpleName()
              + ", got "
              + (thrown == null ? "no exception" : thrown.toString()));
    }
  }

  /** Records a problem unless {@code condition} holds. */
  void expect(boolean condition, String what) {
    if (!condition) {
      found.add(what);
    }
  }

  /** Fails with every problem recorded, if any. */
  void assertNone() {
    if (!found.isEmpty()) {
      throw new AssertionError(found.size() + " problem(s):\n  " + String.join("\n  ", found));
    }
  }
}
