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
/**
 * The file tier: {@link dev.mixchannel.file.FileTier}, a {@link dev.mixchannel.api.StorageTier}
 * made of one or more directories of plain files whose channels are the JDK's own {@link
 * java.nio.channels.FileChannel}s. Tiering uses it for NVMe, SSD and HDD tiers; it is also usable
 * on its own as a locked, crash-consistent key-to-file namespace.
 */
package dev.mixchannel.file;
