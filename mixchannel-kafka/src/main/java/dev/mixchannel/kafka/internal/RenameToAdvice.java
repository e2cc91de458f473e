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
 * Advice for {@code FileRecords.renameTo(File)}: after Kafka moved the file, the segment's key
 * follows. When Kafka's move fails the key stays. Its code is inlined into {@code FileRecords}.
 */
public final class RenameToAdvice {

  private RenameToAdvice() {}

  /**
   * Remembers the file before the rename.
   *
   * @param before the {@code file} field
   * @return the file before
   */
  @Advice.OnMethodEnter
  public static File enter(@Advice.FieldValue("file") File before) {
    return before;
  }

  /**
   * Renames the key after a successful move.
   *
   * @param before the file before
   * @param after the argument
   * @param channel the {@code channel} field
   * @param thrown what Kafka's body threw, or {@code null}
   * @throws IOException when the tiers fail
   */
  @Advice.OnMethodExit(onThrowable = Throwable.class)
  public static void exit(
      @Advice.Enter File before,
      @Advice.Argument(0) File after,
      @Advice.FieldValue("channel") FileChannel channel,
      @Advice.Thrown Throwable thrown)
      throws IOException {
    if (thrown == null) {
      KafkaChannelFactory.renamed(channel, before, after);
    }
  }
}
