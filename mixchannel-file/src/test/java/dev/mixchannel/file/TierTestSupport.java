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
package dev.mixchannel.file;

import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/** Helpers shared by the file tier's tests. */
final class TierTestSupport {

  static final Set<OpenOption> CREATE_RW =
      Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
  static final Set<OpenOption> RW = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE);
  static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);

  private TierTestSupport() {}

  static TierConfig config(long capacityBytes, Path... dirs) {
    return new TierConfig("t1", TierKind.NVME, List.of(dirs), capacityBytes);
  }

  static void write(FileChannel channel, String text) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }

  static void writeBytes(FileChannel channel, int count) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(count);
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }

  static String readAll(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
    long position = 0;
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer, position);
      if (n < 0) {
        break;
      }
      position += n;
    }
    return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
  }

  /** A directory sync that records the directories instead of flushing them. */
  static final class RecordingSync implements DirectorySync {
    private final List<Path> synced = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void sync(Path directory) {
      synced.add(directory);
    }

    /** The directories synced since the last call, in order. */
    List<Path> take() {
      synchronized (synced) {
        List<Path> copy = new ArrayList<>(synced);
        synced.clear();
        return copy;
      }
    }
  }
}
