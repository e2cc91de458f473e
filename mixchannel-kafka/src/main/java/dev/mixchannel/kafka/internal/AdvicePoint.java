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

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.io.File;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * A method the agent must advise, in one of its {@link AdviceTarget}s: each must match exactly one
 * method of its class whenever that class is loaded, or the agent stops the JVM ({@link
 * AdviceRecord}).
 */
public enum AdvicePoint {
  /** {@code static FileChannel openChannel(File, boolean, boolean, int, boolean)}. */
  OPEN_CHANNEL(
      AdviceTarget.FILE_RECORDS,
      "openChannel",
      OpenChannelAdvice.class,
      named("openChannel").and(isStatic()).and(takesArguments(5))),
  /** {@code void renameTo(File)}. */
  RENAME_TO(
      AdviceTarget.FILE_RECORDS,
      "renameTo",
      RenameToAdvice.class,
      named("renameTo").and(takesArguments(File.class))),
  /** {@code void updateParentDir(File)}. */
  UPDATE_PARENT_DIR(
      AdviceTarget.FILE_RECORDS,
      "updateParentDir",
      UpdateParentDirAdvice.class,
      named("updateParentDir").and(takesArguments(File.class))),
  /** {@code boolean deleteIfExists()}. */
  DELETE_IF_EXISTS(
      AdviceTarget.FILE_RECORDS,
      "deleteIfExists",
      DeleteIfExistsAdvice.class,
      named("deleteIfExists").and(takesArguments(0))),
  /** {@code copyLogSegment(UnifiedLog, LogSegment, ...)} of tiered storage's copy task. */
  REMOTE_COPY(
      AdviceTarget.RLM_COPY_TASK,
      "copyLogSegment",
      RemoteCopyAdvice.class,
      named("copyLogSegment").and(takesArguments(4))),
  /** {@code static MetaPropertiesVersion fromNumberString(String)}. */
  ACCEPT_MARK(
      AdviceTarget.META_PROPERTIES_VERSION,
      "fromNumberString",
      AcceptMarkAdvice.class,
      named("fromNumberString").and(isStatic()).and(takesArguments(String.class)));

  private final AdviceTarget target;
  private final String method;
  private final Class<?> advice;
  private final ElementMatcher<MethodDescription> matcher;

  AdvicePoint(
      AdviceTarget target,
      String method,
      Class<?> advice,
      ElementMatcher<MethodDescription> matcher) {
    this.target = target;
    this.method = method;
    this.advice = advice;
    this.matcher = matcher;
  }

  /**
   * The class the method is in.
   *
   * @return the target
   */
  public AdviceTarget target() {
    return target;
  }

  /**
   * The method, for messages: {@code FileRecords.openChannel}.
   *
   * @return the name
   */
  public String method() {
    return target.shortName() + "." + method;
  }

  /**
   * The advice class inlined into the method.
   *
   * @return the class
   */
  Class<?> advice() {
    return advice;
  }

  /**
   * What the method must match.
   *
   * @return the matcher
   */
  ElementMatcher<MethodDescription> matcher() {
    return matcher;
  }
}
