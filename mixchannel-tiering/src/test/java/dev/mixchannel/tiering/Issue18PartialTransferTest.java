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

import dev.mixchannel.api.ForwardingStorageTier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transfer that fails part-way returns the bytes it moved, as the JDK's does (issue 18, defect 6:
 * {@code transferFrom} from a source failing after 1,000 bytes and {@code transferTo} into a
 * MixChannel whose writes fail at 64 KiB threw, with the bytes already moved).
 */
class Issue18PartialTransferTest {
  private static final int KIB = 1024;

  @TempDir Path dir;

  @Test
  void shouldReturnTheBytesMovedWhenTheSourceFailsAfter1000BytesOnAFileTier() throws Exception {
    try (TierManager m =
            TierManager.builder(TestConfigs.fileTiers(dir, -1).build())
                .startMigrator(false)
                .build();
        MixChannel h = m.open("k", CREATE, READ, WRITE)) {
      assertTransferFromStopsAtTheFailure(h);
    }
  }

  @Test
  void shouldReturnTheBytesMovedWhenTheSourceFailsAfter1000BytesOnAPmemTier() throws Exception {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20);
        MixChannel h = m.open("k", CREATE, READ, WRITE)) {
      assertThat(h.tierName()).isEqualTo("pmem");
      assertTransferFromStopsAtTheFailure(h);
    }
  }

  @Test
  void shouldReturnTheBytesMovedWhenATargetMixChannelFailsAt64KiB() throws Exception {
    try (TierManager m =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
            .startMigrator(false)
            .tierWrapper(t -> t.name().equals("t1") ? new WritesFailPast(t, 64 * KIB) : t)
            .build()) {
      try (MixChannel target = m.open("target", CREATE, READ, WRITE)) {
        m.migrate("target", "t1");
      }
      try (MixChannel source = m.open("source", CREATE, READ, WRITE);
          MixChannel target = m.open("target", READ, WRITE)) {
        source.write(ByteBuffer.wrap(Bytes.random(2, 200 * KIB)));
        assertThat(target.tierName()).isEqualTo("t1");

        long moved = source.transferTo(0, 200 * KIB, target);

        assertThat(moved).isEqualTo(64 * KIB);
        assertThat(target.size()).isEqualTo(64 * KIB);
        assertThat(target.position()).isEqualTo(64 * KIB);
      }
    }
  }

  private static void assertTransferFromStopsAtTheFailure(MixChannel h) throws IOException {
    FailingSource source = new FailingSource(1000);

    long moved = h.transferFrom(source, 0, 10_000);

    assertThat(moved).isEqualTo(1000);
    assertThat(h.size()).isEqualTo(1000);
    ByteBuffer back = ByteBuffer.allocate(1000);
    h.read(back, 0);
    assertThat(back.array()).isEqualTo(Bytes.random(1, 1000));
    assertThat(h.isOpen()).isTrue();
  }

  /** Gives {@code bytes} bytes of {@link Bytes#random} (seed 1), then fails every read. */
  private static final class FailingSource implements ReadableByteChannel {
    private final byte[] bytes;
    private int at;

    FailingSource(int bytes) {
      this.bytes = Bytes.random(1, bytes);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      if (at == bytes.length) {
        throw new IOException("injected source failure after " + at + " bytes");
      }
      int n = Math.min(dst.remaining(), bytes.length - at);
      dst.put(bytes, at, n);
      at += n;
      return n;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }

  /** A tier whose channels fail every write that would reach past {@code limit}. */
  private static final class WritesFailPast extends ForwardingStorageTier {
    private final long limit;

    WritesFailPast(dev.mixchannel.api.StorageTier delegate, long limit) {
      super(delegate);
      this.limit = limit;
    }

    @Override
    public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
      return wrap(super.open(key, options));
    }

    @Override
    public FileChannel createIncomplete(String key, dev.mixchannel.api.SizeHint hint)
        throws IOException {
      return wrap(super.createIncomplete(key, hint));
    }

    private FileChannel wrap(FileChannel real) {
      return new FaultInjectingChannel(real) {
        @Override
        void beforeWrite(long position, long end) throws IOException {
          if (end > limit) {
            throw new IOException("injected write failure: end=" + end + ", limit=" + limit);
          }
        }
      };
    }
  }
}
