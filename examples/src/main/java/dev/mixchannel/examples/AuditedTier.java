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
package dev.mixchannel.examples;

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A tier of your own, the example of {@code README.md}'s "Plugging a tier of your own": a directory
 * tier that also appends one line to an audit file, and makes it durable, each time a key arrives
 * on the tier complete ({@code publish}: a migration or spill landed), is renamed or is deleted. A
 * backup or replication job can follow that file instead of scanning the directory.
 *
 * <p>Every other call is the wrapped tier's. A line is written only after the wrapped tier's call
 * returned: a call that throws leaves no line, even when it failed after its effect (the audit may
 * then miss an event, never invent one). The audit file's name starts with {@code .mixchannel}, the
 * prefix the tiers reserve for their own files, so it is never mistaken for a key. Thread-safe.
 */
public final class AuditedTier extends ForwardingStorageTier {

  /** The audit file's name in the tier's first directory. */
  public static final String AUDIT_FILE = ".mixchannel.audit.log";

  private final FileChannel audit;

  /**
   * Wraps a tier.
   *
   * @param delegate the tier that holds the keys
   * @param auditFile the file the lines are appended to (created when missing)
   * @throws IOException when the audit file cannot be opened
   */
  public AuditedTier(StorageTier delegate, Path auditFile) throws IOException {
    super(delegate);
    this.audit = FileChannel.open(auditFile, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Override
  public void publish(String key) throws IOException {
    super.publish(key);
    record("publish", key);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    super.rename(from, to);
    record("rename", from + " " + to);
  }

  @Override
  public boolean delete(String key) throws IOException {
    boolean deleted = super.delete(key);
    if (deleted) {
      record("delete", key);
    }
    return deleted;
  }

  @Override
  public void close() throws IOException {
    try (audit) {
      super.close();
    }
  }

  private synchronized void record(String event, String what) throws IOException {
    ByteBuffer line =
        ByteBuffer.wrap(
            (System.currentTimeMillis() + " " + event + " " + what + "\n")
                .getBytes(StandardCharsets.UTF_8));
    while (line.hasRemaining()) {
      audit.write(line);
    }
    audit.force(false);
  }
}
