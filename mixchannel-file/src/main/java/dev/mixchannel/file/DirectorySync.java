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

import java.io.IOException;
import java.nio.file.Path;

/**
 * Makes a directory's entries durable: the step that turns a create, rename or unlink into one that
 * survives power loss. {@link FileTier} calls it after every namespace change; tests inject a
 * recording implementation to check which directory each operation syncs.
 */
interface DirectorySync {

  /**
   * Flushes the directory's entries to stable storage.
   *
   * @param directory the directory whose entries changed
   * @throws IOException when the directory cannot be opened or flushed
   */
  void sync(Path directory) throws IOException;
}
