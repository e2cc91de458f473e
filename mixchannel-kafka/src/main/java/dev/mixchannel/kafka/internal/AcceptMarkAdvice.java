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

import dev.mixchannel.kafka.KafkaChannelFactory;
import net.bytebuddy.asm.Advice;

/**
 * Advice for {@code static MetaPropertiesVersion MetaPropertiesVersion.fromNumberString(String)},
 * where Kafka parses the {@code version} of a log dir's {@code meta.properties}: the agent's mark
 * ({@link LogDirMark}) is turned back into Kafka's number before Kafka's body parses it, when the
 * agent's segment advice is in place ({@link KafkaChannelFactory#acceptMark}). Its code is inlined
 * into Kafka's class.
 */
public final class AcceptMarkAdvice {

  private AcceptMarkAdvice() {}

  /**
   * Replaces a mark by the version number it stands for.
   *
   * @param value the version string Kafka parses, replaced when it is an accepted mark
   * @param type Kafka's class, whose loader holds Kafka's other classes
   */
  @Advice.OnMethodEnter
  public static void enter(
      @Advice.Argument(value = 0, readOnly = false) String value, @Advice.Origin Class<?> type) {
    value = KafkaChannelFactory.acceptMark(value, type);
  }
}
