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
package dev.mixchannel.testkit.differential;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.testkit.channel.ChannelCapability;
import java.nio.channels.FileChannel.MapMode;
import java.nio.file.OpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Generates a differential script from a seed. The script depends only on the seed and the
 * capabilities, never on what the channels do, so any prefix or subsequence of it can be re-run.
 * Step {@code 0} always opens the main handle for reading and writing. Some kinds emit several
 * steps in a row (a delete with the interrupt after it); the rare kinds that reach unusual cases
 * (transfers with the run's own file or a blocking pipe, deletes and renames under open handles)
 * together weigh about one step in eighty.
 */
final class OpGenerator {

  /** The kinds of step, with their weights out of about 850. */
  enum Kind {
    WRITE(140),
    WRITE_AT(130),
    READ(110),
    READ_AT(120),
    GATHER(50),
    SCATTER(50),
    POSITION(60),
    TRUNCATE(35),
    FORCE(2),
    TRANSFER_TO(35),
    TRANSFER_FROM(30),
    REOPEN(8),
    OPEN_SECOND(8),
    CLOSE_SECOND(5),
    CLOSE_MAIN(1),
    LOCK(20),
    RELEASE_LOCKS(8),
    MAP(15),
    INTERRUPT(2),
    SAME_FILE_TRANSFER(6),
    PIPE_TRANSFER(2),
    DELETE(1),
    RENAME_OVER(1),
    FAILING_TRANSFER(6),
    INTERRUPT_BESIDE_LOCK(2);

    final int weight;

    Kind(int weight) {
      this.weight = weight;
    }
  }

  private static final List<List<OpenOption>> OPEN_OPTIONS =
      List.of(
          List.of(READ, WRITE, CREATE),
          List.of(READ, WRITE, CREATE),
          List.of(READ, WRITE),
          List.of(READ),
          List.of(WRITE),
          List.of(WRITE, APPEND),
          List.of(APPEND),
          List.of(READ, WRITE, TRUNCATE_EXISTING),
          List.of(WRITE, CREATE, TRUNCATE_EXISTING),
          List.of(READ, TRUNCATE_EXISTING),
          List.of(),
          List.of(READ, WRITE, CREATE_NEW),
          List.of(READ, APPEND),
          List.of(APPEND, TRUNCATE_EXISTING));

  private final Random random;
  private final Map<Kind, Integer> weights = new EnumMap<>(Kind.class);
  private final int totalWeight;
  private final ValueGenerator values;
  private final TransferOpGenerator transfers;
  private final NameOpGenerator names;
  private final Deque<DiffOp> pending = new ArrayDeque<>();

  OpGenerator(long seed, Set<ChannelCapability> capabilities) {
    this(seed, capabilities, Set.of());
  }

  /** A generator that never picks the {@code excluded} kinds (to look at one defect at a time). */
  OpGenerator(long seed, Set<ChannelCapability> capabilities, Set<Kind> excluded) {
    this.random = new Random(seed);
    this.values = new ValueGenerator(random);
    this.transfers = new TransferOpGenerator(random, values);
    this.names = new NameOpGenerator(random, values, capabilities);
    int total = 0;
    for (Kind kind : Kind.values()) {
      if (enabled(kind, capabilities) && !excluded.contains(kind)) {
        weights.put(kind, kind.weight);
        total += kind.weight;
      }
    }
    this.totalWeight = total;
  }

  private static boolean enabled(Kind kind, Set<ChannelCapability> capabilities) {
    return switch (kind) {
      case LOCK, RELEASE_LOCKS -> capabilities.contains(ChannelCapability.LOCK);
      case MAP -> capabilities.contains(ChannelCapability.MAP);
      case INTERRUPT -> capabilities.contains(ChannelCapability.CLOSE_ON_INTERRUPT);
      case INTERRUPT_BESIDE_LOCK ->
          capabilities.contains(ChannelCapability.CLOSE_ON_INTERRUPT)
              && capabilities.contains(ChannelCapability.LOCK);
      case DELETE -> capabilities.contains(ChannelCapability.DELETE_OPEN);
      case RENAME_OVER -> capabilities.contains(ChannelCapability.RENAME_OPEN);
      default -> true;
    };
  }

  List<DiffOp> generate(int count) {
    List<DiffOp> ops = new ArrayList<>(count);
    ops.add(new HandleOps.Open(0, List.of(READ, WRITE, CREATE)));
    while (ops.size() < count) {
      ops.add(next());
    }
    return ops;
  }

  private DiffOp next() {
    if (!pending.isEmpty()) {
      return pending.removeFirst();
    }
    int handle = random.nextInt(5) == 0 ? 1 : 0;
    return switch (pick()) {
      case WRITE -> new ReadWriteOps.Single(handle, true, null, values.buffer(true));
      case WRITE_AT ->
          new ReadWriteOps.Single(handle, true, values.position(), values.buffer(true));
      case READ -> new ReadWriteOps.Single(handle, false, null, values.buffer(false));
      case READ_AT ->
          new ReadWriteOps.Single(handle, false, values.position(), values.buffer(false));
      case GATHER -> gatherOrScatter(handle, true);
      case SCATTER -> gatherOrScatter(handle, false);
      case POSITION -> new ChannelOps.SetPositionOrSize(handle, false, values.position());
      case TRUNCATE -> new ChannelOps.SetPositionOrSize(handle, true, values.truncateSize());
      case FORCE -> new ChannelOps.Force(handle, random.nextBoolean());
      case TRANSFER_TO -> transferTo(handle);
      case TRANSFER_FROM -> transferFrom(handle);
      case REOPEN -> new HandleOps.Open(0, OPEN_OPTIONS.get(random.nextInt(OPEN_OPTIONS.size())));
      case OPEN_SECOND ->
          new HandleOps.Open(1, OPEN_OPTIONS.get(random.nextInt(OPEN_OPTIONS.size())));
      case CLOSE_SECOND -> new HandleOps.Close(1);
      case CLOSE_MAIN -> new HandleOps.Close(0);
      case LOCK -> lock(handle);
      case RELEASE_LOCKS -> new HandleOps.ReleaseLocks();
      case MAP -> map(handle);
      case INTERRUPT ->
          new HandleOps.InterruptedCall(handle, random.nextBoolean(), values.buffer(false));
      case SAME_FILE_TRANSFER -> transfers.sameFile(handle);
      case PIPE_TRANSFER -> transfers.pipe(handle);
      case DELETE -> {
        names.delete(pending::addLast);
        yield pending.removeFirst();
      }
      case RENAME_OVER -> {
        names.renameOver(pending::addLast);
        yield pending.removeFirst();
      }
      case FAILING_TRANSFER -> transfers.failing(handle);
      case INTERRUPT_BESIDE_LOCK -> {
        interruptBesideLock();
        yield pending.removeFirst();
      }
    };
  }

  private Kind pick() {
    int r = random.nextInt(totalWeight);
    for (Map.Entry<Kind, Integer> e : weights.entrySet()) {
      r -= e.getValue();
      if (r < 0) {
        return e.getKey();
      }
    }
    throw new IllegalStateException("weights do not add up: total=" + totalWeight);
  }

  /**
   * The second handle takes and holds a lock, then the main handle is interrupted in a read or
   * write (which closes it): the lock must stay valid, and the second handle's transfers and locks
   * go on.
   */
  private void interruptBesideLock() {
    pending.addLast(new HandleOps.Open(1, List.of(READ, WRITE)));
    pending.addLast(
        new HandleOps.Lock(
            1, values.position(), 1 + random.nextInt(64 * 1024), false, false, true));
    pending.addLast(new HandleOps.InterruptedCall(0, random.nextBoolean(), values.buffer(false)));
    pending.addLast(new HandleOps.CheckLocks());
    pending.addLast(random.nextBoolean() ? transferTo(1) : transferFrom(1));
    pending.addLast(
        new HandleOps.Lock(
            1, values.position(), 1 + random.nextInt(4096), random.nextBoolean(), false, false));
    pending.addLast(new HandleOps.CheckLocks());
  }

  private DiffOp gatherOrScatter(int handle, boolean gather) {
    int count = random.nextInt(33) == 0 ? 0 : 1 + random.nextInt(5);
    List<BufferSpec> buffers = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      buffers.add(values.smallBuffer(gather));
    }
    int offset = -1;
    int length = -1;
    int r = random.nextInt(20);
    if (r >= 8 && r < 19) {
      offset = random.nextInt(count + 1);
      length = random.nextInt(count - offset + 1);
    } else if (r == 19) {
      offset = random.nextInt(count + 3) - 1;
      length = count + 1 - Math.max(offset, 0) + random.nextInt(2);
    }
    return new ReadWriteOps.Vectored(handle, gather, buffers, offset, length);
  }

  private DiffOp transferTo(int handle) {
    int targetPosition = random.nextBoolean() ? random.nextInt(100) : -1;
    if (random.nextInt(25) == 0) {
      // Everything to the end, which is kept near so that the copy stays small.
      return new ChannelOps.TransferTo(
          handle,
          PositionSpec.fromSize(-random.nextInt(128 * 1024)),
          Long.MAX_VALUE,
          targetPosition);
    }
    return new ChannelOps.TransferTo(
        handle, values.position(), values.transferCount(), targetPosition);
  }

  private DiffOp transferFrom(int handle) {
    int sourceBytes = values.bufferSize();
    long count =
        switch (random.nextInt(20)) {
          case 0 -> -1;
          case 1, 2, 3, 4 -> random.nextInt(sourceBytes + 1);
          case 5, 6, 7 -> sourceBytes + 1 + random.nextInt(64 * 1024);
          case 8 -> Long.MAX_VALUE;
          default -> sourceBytes;
        };
    return new ChannelOps.TransferFrom(
        handle, values.position(), count, sourceBytes, values.fillOffset());
  }

  private DiffOp lock(int handle) {
    long size =
        switch (random.nextInt(10)) {
          case 0 -> 0;
          case 1 -> Long.MAX_VALUE;
          case 2 -> -1;
          default -> 1 + random.nextInt(64 * 1024);
        };
    return new HandleOps.Lock(
        handle,
        values.position(),
        size,
        random.nextBoolean(),
        random.nextInt(3) == 0,
        random.nextInt(3) == 0);
  }

  private DiffOp map(int handle) {
    MapMode mode =
        switch (random.nextInt(10)) {
          case 0 -> MapMode.PRIVATE;
          case 1, 2, 3, 4 -> MapMode.READ_WRITE;
          default -> MapMode.READ_ONLY;
        };
    return new HandleOps.MapRegion(
        handle,
        mode,
        values.position(),
        values.bufferSize(),
        random.nextInt(64 * 1024),
        random.nextInt(65));
  }
}
