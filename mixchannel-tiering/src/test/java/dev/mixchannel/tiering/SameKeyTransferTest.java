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
package dev.mixchannel.tiering;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.ForwardingFileChannel;
import dev.mixchannel.api.PmemBackend;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 11, defects 3 and 8: transfers whose other channel is the same key. {@code transferTo} into
 * the key itself copies {@code min(count, size - position)} taken at entry, and {@code
 * transferFrom} out of a wrapper of the same key ({@link ForwardingFileChannel}, a stream channel)
 * transfers the bytes instead of deadlocking on the key's own lock, on a PMem tier and on a file
 * tier alike. Every test body runs with a bound, so a deadlock fails the test instead of hanging
 * the build (its thread and the manager are left behind).
 */
class SameKeyTransferTest extends BoundedManagerTestBase {
  /** A manager whose first tier is {@code tier}: a 64 MiB PMem pool, or a file tier. */
  private void open(String tier) throws IOException {
    var config =
        tier.equals("pmem")
            ? TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, 64L << 20, -1)
            : TestConfigs.fileTiers(dir, -1);
    manager = TierManager.builder(config.build()).startMigrator(false).build();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"pmem", "t0"})
  void shouldCapTransferToItselfAtTheSizeAtEntryWhenMoreIsAsked(String tier) throws IOException {
    open(tier);
    byte[] data = Bytes.random(1, 100);
    bounded(
        () -> {
          try (MixChannel ch = manager.open("k", CREATE, READ, WRITE)) {
            Bytes.writeFully(ch, data, 0);
            ch.position(100);
            assertThat(ch.tierName()).isEqualTo(tier);

            assertThat(ch.transferTo(0, 1000, ch)).isEqualTo(100);
            assertThat(ch.position()).isEqualTo(200);
            assertThat(Bytes.readAll(ch)).isEqualTo(concat(data, data));
          }
        });
  }

  /**
   * With {@code Long.MAX_VALUE} a transfer that does not cap at entry copies its own output until
   * no tier has room: only a PMem tier with nothing behind it bounds that, so the case runs there.
   */
  @ParameterizedTest(name = "count={0}")
  @ValueSource(longs = {200 * KIB, Long.MAX_VALUE})
  void shouldCapTransferToItselfAtTheSizeAtEntryWhenAPoolAloneHoldsTheKey(long count)
      throws IOException {
    manager =
        TierManager.builder(
                TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, 16L << 20)
                    .build())
            .startMigrator(false)
            .build();
    byte[] data = Bytes.random(2, 100 * KIB);
    bounded(
        () -> {
          try (MixChannel ch = manager.open("k", CREATE, READ, WRITE)) {
            Bytes.writeFully(ch, data, 0);
            ch.position(data.length);

            assertThat(ch.transferTo(0, count, ch)).isEqualTo(data.length);
            assertThat(Bytes.readAll(ch)).isEqualTo(concat(data, data));
          }
        });
  }

  static Stream<Arguments> wrappers() {
    Function<FileChannel, ReadableByteChannel> forwarding = ForwardingFileChannel::new;
    Function<FileChannel, ReadableByteChannel> stream =
        h -> Channels.newChannel(Channels.newInputStream(h));
    return Stream.of("pmem", "t0")
        .flatMap(
            tier ->
                Stream.of(
                    Arguments.of(tier, "ForwardingFileChannel", forwarding),
                    Arguments.of(tier, "Channels.newChannel(newInputStream)", stream)));
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("wrappers")
  void shouldTransferFromAWrapperOfTheSameKeyWithoutDeadlock(
      String tier, String wrapper, Function<FileChannel, ReadableByteChannel> wrap)
      throws IOException {
    open(tier);
    byte[] data = Bytes.random(3, 64 * KIB);
    bounded(
        () -> {
          try (MixChannel ch = manager.open("k", CREATE, READ, WRITE);
              MixChannel other = manager.open("k", READ)) {
            Bytes.writeFully(ch, data, 0);
            ReadableByteChannel src = wrap.apply(other);

            assertThat(ch.transferFrom(src, data.length, data.length)).isEqualTo(data.length);
            assertThat(other.position()).isEqualTo(data.length);
            assertThat(Bytes.readAll(ch)).isEqualTo(concat(data, data));
          }
        });
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"pmem", "t0"})
  void shouldTransferToAWrapperOfTheSameKeyWithoutDeadlock(String tier) throws IOException {
    open(tier);
    byte[] data = Bytes.random(4, 64 * KIB);
    bounded(
        () -> {
          try (MixChannel ch = manager.open("k", CREATE, READ, WRITE);
              MixChannel other = manager.open("k", WRITE)) {
            Bytes.writeFully(ch, data, 0);
            other.position(data.length);
            WritableByteChannel target = new ForwardingFileChannel(other);

            // Ten times what is there: a transfer that does not cap at entry copies its output.
            assertThat(ch.transferTo(0, 10L * data.length, target)).isEqualTo(data.length);
            assertThat(Bytes.readAll(ch)).isEqualTo(concat(data, data));
          }
        });
  }

  private static byte[] concat(byte[] a, byte[] b) {
    return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
  }
}
