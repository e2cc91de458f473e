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
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.testkit.channel.ChannelCapability;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.util.Set;

/**
 * Differential steps on the run's file name while handles stay open on it: the handles must keep
 * the old bytes, as on POSIX ({@link ChannelCapability#DELETE_OPEN}, {@link
 * ChannelCapability#RENAME_OPEN}); with stale copies of the names and a restart after ({@link
 * ChannelCapability#STALE_COPIES}, {@link ChannelCapability#RESTART}), a name deleted or renamed
 * away must stay gone.
 */
final class NameOps {

  /** The name a rename step creates and then moves over the run's file. */
  static final String OTHER_NAME = "g";

  private NameOps() {}

  /** Deletes the run's file. */
  record Delete() implements MainHandleOp {
    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      return side.call(() -> side.factory.delete(DiffSide.NAME));
    }

    @Override
    public String toString() {
      return "delete(" + DiffSide.NAME + ")";
    }
  }

  /**
   * Writes {@code sourceBytes} bytes of noise to {@link #OTHER_NAME} (then, with {@code
   * staleSource}, has the implementation keep a stale copy of it), then renames it over.
   */
  record RenameOver(int sourceBytes, int fillOffset, boolean staleSource) implements MainHandleOp {
    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      String written =
          side.run(
              () -> {
                try (FileChannel other =
                    side.factory.open(OTHER_NAME, Set.of(WRITE, CREATE, TRUNCATE_EXISTING))) {
                  ByteBuffer bytes = ByteBuffer.wrap(side.noise, fillOffset, sourceBytes);
                  while (bytes.hasRemaining()) {
                    other.write(bytes);
                  }
                }
                if (staleSource) {
                  side.factory.leaveStaleCopy(OTHER_NAME);
                }
              });
      String renamed = side.run(() -> side.factory.rename(OTHER_NAME, DiffSide.NAME));
      return "write " + OTHER_NAME + written + "; rename" + renamed;
    }

    @Override
    public String toString() {
      return "renameOver("
          + OTHER_NAME
          + " of "
          + sourceBytes
          + " bytes"
          + (staleSource ? ", stale copy of it" : "")
          + " -> "
          + DiffSide.NAME
          + ")";
    }
  }

  /** Has the implementation keep a stale copy of the run's file ({@code STALE_COPIES}). */
  record LeaveStaleCopy() implements MainHandleOp {
    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      return side.run(() -> side.factory.leaveStaleCopy(DiffSide.NAME));
    }

    @Override
    public String toString() {
      return "leaveStaleCopy(" + DiffSide.NAME + ")";
    }
  }

  /**
   * Closes every handle, restarts the storage ({@code RESTART}) and says which of the two names
   * exist: one deleted or renamed away must stay gone. The next step reopens the main handle.
   */
  record Restart() implements MainHandleOp {
    @Override
    public String apply(DiffSide side, long referenceSizeBytes) {
      StringBuilder result = new StringBuilder();
      for (int h = 0; h < side.handles.length; h++) {
        FileChannel channel = side.handles[h];
        if (channel != null) {
          result.append("close h").append(h).append(side.run(channel::close)).append("; ");
        }
        side.handles[h] = null;
      }
      side.heldLocks.clear();
      result.append("restart").append(side.run(side.factory::restart));
      for (String name : new String[] {DiffSide.NAME, OTHER_NAME}) {
        result.append("; ").append(name).append(side.call(() -> exists(side, name)));
      }
      return result.toString();
    }

    private static String exists(DiffSide side, String name) throws IOException {
      FileChannel channel;
      try {
        channel = side.factory.open(name, Set.of(READ));
      } catch (NoSuchFileException e) {
        return "missing";
      }
      channel.close();
      return "exists";
    }

    @Override
    public String toString() {
      return "restart()";
    }
  }
}
