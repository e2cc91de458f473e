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
