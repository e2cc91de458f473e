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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * A fast tier whose every way for bytes to arrive first marks the key's log dir ({@link
 * LogDirMarks}): a key created here ({@code open} with a create option), a copy made here (a
 * promotion, a spill, an evacuation's opposite), and a key renamed here (into another log dir's
 * name, or into the quarantine). Everything else is forwarded unchanged. Thread-safe as the tier.
 */
final class MarkingTier extends ForwardingStorageTier {

  private final LogDirMarks marks;

  /**
   * Wraps a fast tier.
   *
   * @param delegate the tier; closed by {@link #close()}
   * @param marks the marks of the log dirs
   */
  MarkingTier(StorageTier delegate, LogDirMarks marks) {
    super(delegate);
    this.marks = marks;
  }

  @Override
  public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
    if (options.contains(StandardOpenOption.CREATE)
        || options.contains(StandardOpenOption.CREATE_NEW)) {
      marks.markFor(key);
    }
    return super.open(key, options);
  }

  @Override
  public FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
    marks.markFor(key);
    return super.createIncomplete(key, sizeHint);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    marks.markFor(to);
    super.rename(from, to);
  }
}
