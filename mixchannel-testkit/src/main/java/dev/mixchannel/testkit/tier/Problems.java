/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.mixchannel.testkit.tier;

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
