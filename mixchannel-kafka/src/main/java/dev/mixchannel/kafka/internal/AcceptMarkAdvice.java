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
