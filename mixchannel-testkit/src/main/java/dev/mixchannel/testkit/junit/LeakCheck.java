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
package dev.mixchannel.testkit.junit;

import dev.mixchannel.testkit.channel.ChannelTracker;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Narrows what {@link LeakCheckExtension} checks for one test method or every test of a class, for
 * tests that leave something behind on purpose (a broker's threads that a later test stops, a
 * descriptor a shared fixture keeps). Every check stays on unless it is turned off here, and the
 * reason is required: it is printed nowhere, but a reviewer reads it.
 *
 * <p>On a method it replaces the class's annotation; on a class it applies to its methods, its
 * subclasses' and its {@code @Nested} classes' tests (the nearest annotation wins).
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface LeakCheck {

  /**
   * Whether a new live {@code mixchannel-*} thread fails the test.
   *
   * @return {@code false} to skip the thread check
   */
  boolean threads() default true;

  /**
   * Whether a channel left open in the test's {@link ChannelTracker} fails the test (leaked
   * channels are closed either way).
   *
   * @return {@code false} to skip the channel check
   */
  boolean channels() default true;

  /**
   * Whether a file the test opened and left open (a new descriptor in {@code /proc/self/fd}) fails
   * the test.
   *
   * @return {@code false} to skip the file descriptor check
   */
  boolean fileDescriptors() default true;

  /**
   * Why the test leaves something behind, and who cleans it up.
   *
   * @return the reason; not empty
   */
  String reason();
}
