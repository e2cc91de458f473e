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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Set;

/**
 * Differential steps on the run's file name while handles stay open on it: the handles must keep
 * the old bytes, as on POSIX ({@link ChannelCapability#DELETE_OPEN}, {@link
 * ChannelCapability#RENAME_OPEN}).
 */
final class NameOps {

  /** The name a rename step creates and then moves over the run's file. */
  static final String OTHER_NAME = "g";

  private NameOps() {}

  /** Deletes the run's file. */
  record Delete() implements DiffOp {
    @Override
    public int handle() {
      return 0;
    }

    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      return side.call(() -> side.factory.delete(DiffSide.NAME));
    }

    @Override
    public String toString() {
      return "delete(" + DiffSide.NAME + ")";
    }
  }

  /** Writes {@code sourceBytes} bytes of noise to {@link #OTHER_NAME}, then renames it over. */
  record RenameOver(int sourceBytes, int fillOffset) implements DiffOp {
    @Override
    public int handle() {
      return 0;
    }

    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      String written =
          side.call(
              () -> {
                try (FileChannel other =
                    side.factory.open(OTHER_NAME, Set.of(WRITE, CREATE, TRUNCATE_EXISTING))) {
                  ByteBuffer bytes = ByteBuffer.wrap(side.noise, fillOffset, sourceBytes);
                  while (bytes.hasRemaining()) {
                    other.write(bytes);
                  }
                }
                return "ok";
              });
      String renamed =
          side.call(
              () -> {
                side.factory.rename(OTHER_NAME, DiffSide.NAME);
                return "ok";
              });
      return "write " + OTHER_NAME + written + "; rename" + renamed;
    }

    @Override
    public String toString() {
      return "renameOver(" + OTHER_NAME + " of " + sourceBytes + " bytes -> " + DiffSide.NAME + ")";
    }
  }
}
