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
package dev.mixchannel.testkit.channel;

import static dev.mixchannel.testkit.channel.ContractSupport.assertPositionAndSize;
import static dev.mixchannel.testkit.channel.ContractSupport.assertThrowsExactly;
import static dev.mixchannel.testkit.channel.ContractSupport.bytes;
import static dev.mixchannel.testkit.channel.ContractSupport.contents;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread with its interrupt status set gets {@link ClosedByInterruptException} and closes the
 * channel, when the implementation declares {@link ChannelCapability#CLOSE_ON_INTERRUPT}. The test
 * interrupts its own thread, so no second thread is involved.
 */
abstract class InterruptContract extends ContractTestBase {

  static Stream<Named<ClosedChannelContract.ChannelOperation>> readsAndWrites() {
    return Stream.of(
        Named.of("read(ByteBuffer)", c -> c.read(ByteBuffer.allocate(4))),
        Named.of("read(ByteBuffer, long)", c -> c.read(ByteBuffer.allocate(4), 2)),
        Named.of("write(ByteBuffer)", c -> c.write(ByteBuffer.wrap(new byte[] {1, 2}))),
        Named.of("write(ByteBuffer, long)", c -> c.write(ByteBuffer.wrap(new byte[] {1}), 20)));
  }

  @ParameterizedTest
  @MethodSource("readsAndWrites")
  void shouldCloseChannelWhenInterruptStatusIsSet(ClosedChannelContract.ChannelOperation operation)
      throws IOException {
    assumeCapability(ChannelCapability.CLOSE_ON_INTERRUPT);
    byte[] data = bytes(10, 1);
    try (FileChannel other = openWith(data)) {
      FileChannel channel = open(NAME, READ, WRITE);
      boolean stillInterrupted;
      Thread.currentThread().interrupt();
      try {
        assertThrowsExactly(ClosedByInterruptException.class, () -> operation.apply(channel));
      } finally {
        stillInterrupted = Thread.interrupted();
        channel.close();
      }
      assertThat(stillInterrupted).as("interrupt status after the call").isTrue();
      assertThat(channel.isOpen()).isFalse();
      assertThat(other.isOpen()).as("another channel on the same name").isTrue();
      assertPositionAndSize(other, 0, 10);
      assertThat(contents(other)).isEqualTo(data);
    }
  }
}
