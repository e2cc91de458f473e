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
import net.bytebuddy.asm.Advice;

/**
 * Advice for {@code FileRecords.deleteIfExists()}: after Kafka closed the channel and deleted the
 * file, the segment's key is deleted. Its code is inlined into {@code FileRecords}.
 */
public final class DeleteIfExistsAdvice {

  private DeleteIfExistsAdvice() {}

  /**
   * Deletes the key after Kafka's body succeeded.
   *
   * @param file the {@code file} field
   * @param thrown what Kafka's body threw, or {@code null}
   * @throws IOException when the tiers fail
   */
  @Advice.OnMethodExit(onThrowable = Throwable.class)
  public static void exit(@Advice.FieldValue("file") File file, @Advice.Thrown Throwable thrown)
      throws IOException {
    if (thrown == null) {
      KafkaChannelFactory.deleted(file);
    }
  }
}
