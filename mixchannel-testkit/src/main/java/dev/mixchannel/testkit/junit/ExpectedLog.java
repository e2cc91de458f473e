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

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.slf4j.event.Level;

/**
 * Declares a WARN or ERROR log event that a test provokes on purpose, so that {@link
 * LogCheckExtension} does not fail it. An event matches when its level equals {@link #level()}, its
 * logger is {@link #logger()} or a logger below it ({@code logger + "."} prefix), and its formatted
 * message contains {@link #contains()}. A declaration allows any number of matching events,
 * including none: asserting that a warning happened is the test's own business.
 *
 * <p>On a method it applies to that test; on a class to every test of the class, its subclasses and
 * its {@code @Nested} classes, and to what the class logs outside its tests ({@code @BeforeAll},
 * {@code @AfterAll}). Method and class declarations add up. Keep them narrow: one logger, one
 * level, a fragment of the expected message.
 *
 * <p>It also works as a meta-annotation: an annotation type that carries {@code @ExpectedLog}
 * declarations (and is retained at run time) declares them wherever it is put, so a fixture names
 * the events its set-up logs once.
 */
@Documented
@Inherited
@Repeatable(ExpectedLogs.class)
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface ExpectedLog {

  /**
   * The logger's name, or the name of a parent of it (a package).
   *
   * @return the logger name
   */
  String logger();

  /**
   * The level of the expected events: {@link Level#WARN} or {@link Level#ERROR}.
   *
   * @return the level
   */
  Level level() default Level.WARN;

  /**
   * A fragment of the formatted message; empty matches every message of the logger and level.
   *
   * @return the fragment
   */
  String contains() default "";

  /**
   * Why the test logs this, when the test's name does not say it.
   *
   * @return the reason, or empty
   */
  String reason() default "";
}
