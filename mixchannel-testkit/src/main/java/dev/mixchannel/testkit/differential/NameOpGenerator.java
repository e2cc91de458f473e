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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.testkit.channel.ChannelCapability;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Generates the steps around a delete or a rename-over of the run's file while handles stay open on
 * it: often a second handle is opened first, and with {@link ChannelCapability#CLOSE_ON_INTERRUPT}
 * one handle is then interrupted in a read or write (which closes it) while the other must keep
 * reading and writing the old bytes. With {@link ChannelCapability#STALE_COPIES} a stale copy of
 * the run's file (or of the renamed file) is often made first, and with {@link
 * ChannelCapability#RESTART} the storage is often restarted after: the name deleted or renamed away
 * must not come back. The extra draws happen only with those capabilities, so the scripts of
 * factories without them do not change.
 */
final class NameOpGenerator {

  private final Random random;
  private final ValueGenerator values;
  private final boolean interrupts;
  private final boolean staleCopies;
  private final boolean restarts;

  NameOpGenerator(Random random, ValueGenerator values, Set<ChannelCapability> capabilities) {
    this.random = random;
    this.values = values;
    this.interrupts = capabilities.contains(ChannelCapability.CLOSE_ON_INTERRUPT);
    this.staleCopies = capabilities.contains(ChannelCapability.STALE_COPIES);
    this.restarts = capabilities.contains(ChannelCapability.RESTART);
  }

  /** The steps of a delete, in order. */
  void delete(Consumer<DiffOp> out) {
    around(new NameOps.Delete(), out);
  }

  /** The steps of a rename over the run's file, in order. */
  void renameOver(Consumer<DiffOp> out) {
    boolean staleSource = staleCopies && random.nextBoolean();
    around(new NameOps.RenameOver(values.bufferSize(), values.fillOffset(), staleSource), out);
  }

  /**
   * The change with what comes around it: maybe a stale copy of the run's file first and a second
   * handle; maybe an interrupt of one handle after, the other one working on; maybe a restart.
   */
  private void around(DiffOp change, Consumer<DiffOp> out) {
    if (staleCopies && random.nextBoolean()) {
      out.accept(new NameOps.LeaveStaleCopy());
    }
    if (random.nextInt(3) != 0) {
      out.accept(new HandleOps.Open(1, List.of(READ, WRITE)));
    }
    out.accept(change);
    interruptAfter(out);
    if (restarts && random.nextBoolean()) {
      out.accept(new NameOps.Restart());
      out.accept(new HandleOps.Open(0, List.of(READ, WRITE, CREATE)));
    }
  }

  private void interruptAfter(Consumer<DiffOp> out) {
    if (!interrupts || random.nextInt(3) == 0) {
      return;
    }
    int interrupted = random.nextInt(2);
    int other = 1 - interrupted;
    out.accept(
        new HandleOps.InterruptedCall(interrupted, random.nextBoolean(), values.buffer(false)));
    out.accept(new ReadWriteOps.Single(other, true, null, values.buffer(true)));
    out.accept(
        new ReadWriteOps.Single(
            other, false, PositionSpec.fromSize(-values.bufferSize()), values.buffer(false)));
  }
}
