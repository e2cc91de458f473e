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
package dev.mixchannel.pmem.internal;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How to open (or create) one pool.
 *
 * @param file the pool file
 * @param createSizeBytes the size of a new pool
 * @param extentSizeBytes the extent size of a new pool
 * @param provider the memory backend
 * @param medium what the directory lives on
 * @param pretouch whether a new pool is pre-touched in the background
 * @param pretouchFraction the fraction of a new pool to pre-touch
 * @param tierName the tier's name, for messages and {@code TierFullException}
 * @param index the pool's index within its tier, for thread names
 * @param sequence the tier-wide key-record sequence counter (next value to use)
 */
public record PoolOptions(
    Path file,
    long createSizeBytes,
    long extentSizeBytes,
    PoolMemoryProvider provider,
    Medium medium,
    boolean pretouch,
    double pretouchFraction,
    String tierName,
    int index,
    AtomicLong sequence) {}
