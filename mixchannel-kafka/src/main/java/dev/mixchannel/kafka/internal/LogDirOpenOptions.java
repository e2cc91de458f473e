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

import dev.mixchannel.api.SizeHint;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * The options of an open on the log-dir tier ({@link LogDirTier#open}), split into what the tier
 * decides itself (whether a key that is not complete may be created, or must not exist) and what
 * {@code FileChannel.open} gets. A {@link SizeHint} is dropped (the log dir places nothing).
 * Immutable.
 *
 * @param jdk the options passed on to {@code FileChannel.open}, without {@code CREATE} and {@code
 *     CREATE_NEW}
 * @param create whether {@code CREATE} was given
 * @param createNew whether {@code CREATE_NEW} was given
 */
record LogDirOpenOptions(Set<OpenOption> jdk, boolean create, boolean createNew) {

  /** Copies the options passed on, so that the record is immutable. */
  LogDirOpenOptions {
    jdk = Set.copyOf(jdk);
  }

  /**
   * Splits the options of an open.
   *
   * @param key the key opened, for the message
   * @param options the options
   * @return the split options
   * @throws UnsupportedOperationException for {@code DELETE_ON_CLOSE}
   */
  static LogDirOpenOptions of(String key, Set<? extends OpenOption> options) {
    Set<OpenOption> jdk = new HashSet<>();
    boolean create = false;
    boolean createNew = false;
    for (OpenOption option : options) {
      if (option instanceof SizeHint) {
        continue;
      }
      if (option == StandardOpenOption.CREATE_NEW) {
        createNew = true;
      } else if (option == StandardOpenOption.CREATE) {
        create = true;
      } else if (option == StandardOpenOption.DELETE_ON_CLOSE) {
        throw new UnsupportedOperationException(
            "DELETE_ON_CLOSE is not supported by the log-dir tier: key=" + key);
      } else {
        jdk.add(option);
      }
    }
    return new LogDirOpenOptions(jdk, create, createNew);
  }

  /**
   * Whether a key that is not complete may be opened: created, or its placeholder adopted.
   *
   * @return whether {@code CREATE} or {@code CREATE_NEW} was given
   */
  boolean mayCreate() {
    return create || createNew;
  }

  /**
   * The options for {@code FileChannel.open}.
   *
   * @param creating whether the tier creates the key (the file is then created when missing)
   * @return the options passed on, with {@code CREATE} when creating
   */
  Set<OpenOption> forFile(boolean creating) {
    if (!creating) {
      return jdk;
    }
    Set<OpenOption> withCreate = new HashSet<>(jdk);
    withCreate.add(StandardOpenOption.CREATE);
    return withCreate;
  }
}
