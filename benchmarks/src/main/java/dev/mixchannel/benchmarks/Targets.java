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
package dev.mixchannel.benchmarks;

import dev.mixchannel.api.PmemBackend;
import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The append and read targets shared by {@link AppendBenchmark}, {@link DurableAppendBenchmark} and
 * {@link ReadBenchmark}: each is a JMH thread state opening one {@link ChannelTarget} kind.
 */
public final class Targets {

  private Targets() {}

  /** FileChannel on a disk directory ({@code mixchannel.bench.disk}). */
  @State(Scope.Thread)
  public static class FileDisk extends ChannelTarget {
    /**
     * Opens it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openFile(BenchDirs.disk());
    }
  }

  /** FileChannel in the PMem directory ({@code mixchannel.bench.shm}, tmpfs here). */
  @State(Scope.Thread)
  public static class FileShm extends ChannelTarget {
    /**
     * Opens it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openFile(BenchDirs.shm());
    }
  }

  /** A PMem tier's channel of one backend. */
  abstract static class PmemTarget extends ChannelTarget {
    private final PmemBackend backend;

    PmemTarget(PmemBackend backend) {
      this.backend = backend;
    }

    /**
     * Opens it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openPmem(backend);
    }
  }

  /** A PMem tier's channel, LLPL backend. */
  @State(Scope.Thread)
  public static class PmemLlpl extends PmemTarget {
    /** The LLPL backend. */
    public PmemLlpl() {
      super(PmemBackend.LLPL);
    }
  }

  /** A PMem tier's channel, JDK backend. */
  @State(Scope.Thread)
  public static class PmemJdk extends PmemTarget {
    /** The JDK backend. */
    public PmemJdk() {
      super(PmemBackend.JDK);
    }
  }

  /** A PMem tier's channel, the backend {@code auto} picks (what a MixChannel uses). */
  @State(Scope.Thread)
  public static class PmemAuto extends PmemTarget {
    /** The backend {@code auto} picks. */
    public PmemAuto() {
      super(PmemBackend.AUTO);
    }
  }

  /** A MixChannel on the hot (PMem, backend auto) tier of a PMem-over-disk manager. */
  @State(Scope.Thread)
  public static class MixHot extends ChannelTarget {
    /**
     * Opens it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openMix();
    }
  }
}
