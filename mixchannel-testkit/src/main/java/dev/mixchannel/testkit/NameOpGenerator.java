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
package dev.mixchannel.testkit;

import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Generates the steps around a delete or a rename-over of the run's file while handles stay open on
 * it: often a second handle is opened first, and with {@link ChannelCapability#CLOSE_ON_INTERRUPT}
 * one handle is then interrupted in a read or write (which closes it) while the other must keep
 * reading and writing the old bytes.
 */
final class NameOpGenerator {

  private final Random random;
  private final ValueGenerator values;
  private final boolean interrupts;

  NameOpGenerator(Random random, ValueGenerator values, boolean interrupts) {
    this.random = random;
    this.values = values;
    this.interrupts = interrupts;
  }

  /** The steps of a delete, in order. */
  void delete(Consumer<DiffOp> out) {
    around(new NameOps.Delete(), out);
  }

  /** The steps of a rename over the run's file, in order. */
  void renameOver(Consumer<DiffOp> out) {
    around(new NameOps.RenameOver(values.bufferSize(), values.fillOffset()), out);
  }

  private void around(DiffOp change, Consumer<DiffOp> out) {
    if (random.nextInt(3) != 0) {
      out.accept(new HandleOps.Open(1, List.of(READ, WRITE)));
    }
    out.accept(change);
    if (!interrupts || random.nextInt(3) == 0) {
      return;
    }
    int interrupted = random.nextInt(2);
    int other = 1 - interrupted;
    out.accept(
        new HandleOps.InterruptedCall(interrupted, random.nextBoolean(), values.buffer(false)));
    out.accept(new ReadWriteOps.Write(other, null, values.buffer(true)));
    out.accept(
        new ReadWriteOps.Read(
            other, PositionSpec.fromSize(-values.bufferSize()), values.buffer(false)));
  }
}
