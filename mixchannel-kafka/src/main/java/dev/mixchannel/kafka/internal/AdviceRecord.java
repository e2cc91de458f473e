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
package dev.mixchannel.kafka.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * What the agent advised in this JVM: for each {@link AdvicePoint}, how many methods its matcher
 * matched in the last transformation of its class. After each transformation every point of the
 * class must have matched exactly one method; when one did not (an untested or changed Kafka), the
 * JVM is stopped with the reason ({@link #stop}). Thread-safe.
 *
 * <p>The agent accepts its own log-dir mark only once {@link #inPlace} holds: the segment advice is
 * in place, checked by loading {@code FileRecords} (and tiered storage's copy task, when Kafka has
 * it) at that moment, so a Kafka whose segment files the agent would not serve refuses the dir as a
 * Kafka without the agent does.
 */
public final class AdviceRecord {

  private final String agentVersion;
  private final String kafkaVersion;
  private final Consumer<String> stop;
  private final Map<String, AtomicInteger> matches = new ConcurrentHashMap<>();
  private final Set<AdviceTarget> advised = ConcurrentHashMap.newKeySet();

  /**
   * Creates the record of one JVM.
   *
   * @param agentVersion the agent's version, for the log
   * @param kafkaVersion Kafka's version, for the log
   * @param stop what stops the JVM with a reason (the agent's halts it; tests record it)
   */
  public AdviceRecord(String agentVersion, String kafkaVersion, Consumer<String> stop) {
    this.agentVersion = agentVersion;
    this.kafkaVersion = kafkaVersion;
    this.stop = stop;
  }

  /**
   * A matcher for a point that counts what it matches in the class being transformed.
   *
   * @param point the point
   * @return the counting matcher
   */
  ElementMatcher<MethodDescription> counting(AdvicePoint point) {
    return method -> {
      boolean matched = point.matcher().matches(method);
      if (matched) {
        counter(point, method.getDeclaringType().asErasure().getName()).incrementAndGet();
      }
      return matched;
    };
  }

  /**
   * Starts a transformation of a class: its counts start at zero.
   *
   * @param typeName the class
   */
  void transforming(String typeName) {
    for (AdvicePoint point : AdvicePoint.values()) {
      counter(point, typeName).set(0);
    }
  }

  /**
   * Ends a transformation of a class: every point of its target must have matched one method, else
   * the JVM stops.
   *
   * @param typeName the class
   * @return what was advised, for the log
   */
  Optional<String> transformed(String typeName) {
    AdviceTarget target = AdviceTarget.of(typeName);
    if (target == null) {
      return Optional.empty();
    }
    List<String> wrong = new ArrayList<>();
    List<String> done = new ArrayList<>();
    for (AdvicePoint point : pointsOf(target)) {
      int n = counter(point, typeName).get();
      if (n == 1) {
        done.add(point.method());
      } else {
        wrong.add(point.method() + " matched " + n);
      }
    }
    if (!wrong.isEmpty()) {
      stop.accept(
          "a required MixChannel advice did not apply: "
              + String.join(", ", wrong)
              + " methods instead of 1 (class "
              + typeName
              + ", Kafka "
              + kafkaVersion
              + ", agent "
              + agentVersion
              + "): this Kafka is not one the agent was built for");
      return Optional.empty();
    }
    advised.add(target);
    return Optional.of(
        "MixChannel agent "
            + agentVersion
            + " on Kafka "
            + kafkaVersion
            + ": advised "
            + String.join(", ", done)
            + " (class "
            + typeName
            + ")");
  }

  /**
   * A transformation failed: the JVM stops.
   *
   * @param typeName the class
   * @param error what failed
   */
  void failed(String typeName, Throwable error) {
    if (AdviceTarget.of(typeName) != null) {
      stop.accept(
          "a required MixChannel advice failed: class="
              + typeName
              + ", Kafka "
              + kafkaVersion
              + ", agent "
              + agentVersion
              + ": "
              + error);
    }
  }

  /**
   * Whether the segment advice is in place in a class loader: {@code FileRecords} is loaded there
   * (now, if it was not) and advised, and so is tiered storage's copy task when that loader has it.
   *
   * @param loader the loader Kafka's classes come from
   * @return whether the agent may accept its mark
   */
  boolean inPlace(ClassLoader loader) {
    return load(AdviceTarget.FILE_RECORDS, loader)
        && advised.contains(AdviceTarget.FILE_RECORDS)
        && (!load(AdviceTarget.RLM_COPY_TASK, loader)
            || advised.contains(AdviceTarget.RLM_COPY_TASK));
  }

  /**
   * The targets advised so far.
   *
   * @return a snapshot
   */
  Set<AdviceTarget> advised() {
    return advised.isEmpty() ? EnumSet.noneOf(AdviceTarget.class) : EnumSet.copyOf(advised);
  }

  private static boolean load(AdviceTarget target, ClassLoader loader) {
    for (String name : target.names()) {
      try {
        Class.forName(name, false, loader);
        return true;
      } catch (ClassNotFoundException | LinkageError e) {
        // not under this name
      }
    }
    return false;
  }

  private static List<AdvicePoint> pointsOf(AdviceTarget target) {
    List<AdvicePoint> points = new ArrayList<>();
    for (AdvicePoint point : AdvicePoint.values()) {
      if (point.target() == target) {
        points.add(point);
      }
    }
    return points;
  }

  private AtomicInteger counter(AdvicePoint point, String typeName) {
    return matches.computeIfAbsent(point + " " + typeName, k -> new AtomicInteger());
  }
}
