package dev.mixchannel.kafka.internal;

import dev.mixchannel.kafka.KafkaChannelFactory;
import java.io.IOException;
import net.bytebuddy.asm.Advice;

/**
 * Advice for {@code RemoteLogManager.RLMCopyTask.copyLogSegment(UnifiedLog, LogSegment, ...)}, the
 * one place where Kafka tiered storage hands a segment's path to the remote storage manager: before
 * it, the segment's bytes are demoted into its own file and held there; after it (also when it
 * failed), the hold ends. A demotion that fails throws from the method, which Kafka logs and
 * retries on the next copy round, keeping the local segment: never a short upload. Its code is
 * inlined into Kafka's class.
 */
public final class RemoteCopyAdvice {

  private RemoteCopyAdvice() {}

  /**
   * Makes the segment's file complete.
   *
   * @param segment Kafka's {@code LogSegment}
   * @return the hold to release on exit
   * @throws IOException when the demotion fails
   */
  @Advice.OnMethodEnter
  public static Object enter(@Advice.Argument(1) Object segment) throws IOException {
    return KafkaChannelFactory.beforeRemoteCopy(segment);
  }

  /**
   * Ends the hold.
   *
   * @param hold what {@link #enter} returned
   */
  @Advice.OnMethodExit(onThrowable = Throwable.class)
  public static void exit(@Advice.Enter Object hold) {
    KafkaChannelFactory.afterRemoteCopy(hold);
  }
}
