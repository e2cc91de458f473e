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
 * Tiered channels: {@link dev.mixchannel.tiering.TierManager} owns the tiers of a {@link
 * dev.mixchannel.api.MixChannelConfig}, opens {@link dev.mixchannel.tiering.MixChannel}s on keys,
 * places new keys on the fastest tier with room and moves keys between tiers in the background
 * under a {@link dev.mixchannel.tiering.MigrationPolicy} (by default the {@link
 * dev.mixchannel.tiering.WatermarkPolicy}).
 *
 * <p>Migration follows the crash-safe protocol of the design: the copy is created incomplete on the
 * target tier, filled in rate-limited chunks while the key stays readable and writable, then under
 * the key's exclusive lock caught up, made durable, published, and the source removed. On open the
 * manager recovers: incomplete copies are discarded, and a key complete on several tiers keeps the
 * fastest tier's copy when the copies are identical (what a crash inside a switch leaves); copies
 * that differ are both kept and the key is refused with {@link
 * dev.mixchannel.api.DivergentCopiesException} until an operator keeps one ({@link
 * dev.mixchannel.tiering.TierManager#resolveDivergent}, the tool's {@code resolve}). A key whose
 * copy a tier refuses (a damaged PMem slot) is refused with {@link
 * dev.mixchannel.api.RefusedCopyException}: never served from another tier, never created anew.
 */
package dev.mixchannel.tiering;
