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
 * Advice for {@code FileRecords.updateParentDir(File)}, which Kafka calls after it moved a whole
 * partition directory: the segment's key follows. Its code is inlined into {@code FileRecords}; an
 * {@link IOException} from the tiers reaches Kafka's caller, which handles it as an I/O error of
 * the log dir.
 */
public final class UpdateParentDirAdvice {

  private UpdateParentDirAdvice() {}

  /**
   * Remembers the file before.
   *
   * @param before the {@code file} field
   * @return the file before
   */
  @Advice.OnMethodEnter
  public static File enter(@Advice.FieldValue("file") File before) {
    return before;
  }

  /**
   * Renames the key.
   *
   * @param before the file before
   * @param after the {@code file} field after the update
   * @param channel the {@code channel} field
   * @throws IOException when the tiers fail
   */
  @Advice.OnMethodExit
  public static void exit(
      @Advice.Enter File before,
      @Advice.FieldValue("file") File after,
      @Advice.FieldValue("channel") FileChannel channel)
      throws IOException {
    KafkaChannelFactory.renamed(channel, before, after);
  }
}
