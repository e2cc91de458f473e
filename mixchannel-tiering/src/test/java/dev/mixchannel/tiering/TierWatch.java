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
package dev.mixchannel.tiering;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.withSettings;

import dev.mixchannel.api.StorageTier;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.mockito.invocation.InvocationOnMock;
import org.mockito.stubbing.Answer;

/**
 * Wraps a tier (as a Mockito spy) and records what a closed tier must never see: a call other than
 * {@code name}, {@code kind}, {@code toString} and {@code close} after its {@code close} returned,
 * and a {@code toString} that throws (it appears in log and error messages, where an exception
 * hides the real failure).
 */
final class TierWatch implements Answer<Object> {
  private static final Set<String> ALLOWED_AFTER_CLOSE =
      Set.of("name", "kind", "toString", "close");

  private final List<String> callsAfterClose = new CopyOnWriteArrayList<>();
  private final List<Throwable> toStringFailures = new CopyOnWriteArrayList<>();
  private volatile boolean closed;
  private String tierName = "?";

  /** The watched tier: every call goes to {@code tier}, through this watch. */
  StorageTier watch(StorageTier tier) {
    tierName = tier.name();
    return mock(tier.getClass(), withSettings().spiedInstance(tier).defaultAnswer(this));
  }

  @Override
  public Object answer(InvocationOnMock invocation) throws Throwable {
    String method = invocation.getMethod().getName();
    if (closed && !ALLOWED_AFTER_CLOSE.contains(method)) {
      callsAfterClose.add(
          tierName + "." + method + " on thread " + Thread.currentThread().getName());
    }
    try {
      Object result = invocation.callRealMethod();
      if (method.equals("close")) {
        closed = true;
      }
      return result;
    } catch (Throwable t) {
      if (method.equals("toString")) {
        toStringFailures.add(t);
      }
      throw t;
    }
  }

  List<String> callsAfterClose() {
    return List.copyOf(callsAfterClose);
  }

  List<Throwable> toStringFailures() {
    return List.copyOf(toStringFailures);
  }
}
