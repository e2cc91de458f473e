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
 * The {@link dev.mixchannel.api.StorageTier} contract: {@link
 * dev.mixchannel.testkit.tier.StorageTierContractSuite} holds any tier to the SPI's javadoc, with
 * optional features declared as {@link dev.mixchannel.testkit.tier.TierCapability capabilities}. It
 * injects faults before and after the real effect of every state-changing call through {@link
 * dev.mixchannel.testkit.tier.FaultInjectingTier}, which callers of tiers use in their own tests
 * too, and probes cross-process locks from a child JVM running {@link
 * dev.mixchannel.testkit.tier.LockProbe}.
 */
package dev.mixchannel.testkit.tier;
