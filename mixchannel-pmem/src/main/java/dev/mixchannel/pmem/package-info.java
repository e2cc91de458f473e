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
 * The PMem tier: {@link dev.mixchannel.pmem.PmemTier}, a {@link dev.mixchannel.api.StorageTier}
 * over one pool file per persistent-memory directory, whose channels ({@link
 * dev.mixchannel.pmem.PmemChannel}) are lists of fixed-size extents in the pool. Two memory
 * backends write the same on-media format: LLPL (libpmem) and pure-JDK mappings ({@link
 * dev.mixchannel.pmem.PmemBackends}). {@link dev.mixchannel.pmem.PoolInspector} reads a pool
 * without opening it.
 */
package dev.mixchannel.pmem;
