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
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import net.bytebuddy.asm.Advice;

/**
 * Advice for {@code private static FileChannel FileRecords.openChannel(File, boolean, boolean, int,
 * boolean)}: when {@link KafkaChannelFactory#openChannel} returns a channel, Kafka's body is
 * skipped and that channel is returned. Its code is inlined into {@code FileRecords}.
 */
public final class OpenChannelAdvice {

  private OpenChannelAdvice() {}

  /**
   * Asks the factory first.
   *
   * @param file the file
   * @param mutable whether Kafka opens it for writing
   * @param fileAlreadyExists whether Kafka expects it to exist
   * @param initFileSize Kafka's expected size
   * @param preallocate Kafka's {@code log.preallocate}
   * @return the factory's channel, or {@code null} to run Kafka's body
   * @throws IOException when the tiers fail
   */
  @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class)
  public static FileChannel enter(
      @Advice.Argument(0) File file,
      @Advice.Argument(1) boolean mutable,
      @Advice.Argument(2) boolean fileAlreadyExists,
      @Advice.Argument(3) int initFileSize,
      @Advice.Argument(4) boolean preallocate)
      throws IOException {
    return KafkaChannelFactory.openChannel(
        file, mutable, fileAlreadyExists, initFileSize, preallocate);
  }

  /**
   * Returns the factory's channel when Kafka's body was skipped.
   *
   * @param ours the factory's channel, or {@code null}
   * @param returned the method's return value, replaced by {@code ours} when set
   */
  @Advice.OnMethodExit
  public static void exit(
      @Advice.Enter FileChannel ours, @Advice.Return(readOnly = false) FileChannel returned) {
    if (ours != null) {
      returned = ours;
    }
  }
}
