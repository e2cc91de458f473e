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
 * Test suites that hold any {@link java.nio.channels.FileChannel} implementation to the exact
 * behaviour of the JDK's own file channel, and any {@link dev.mixchannel.api.StorageTier} to its
 * contract.
 *
 * <p>{@link dev.mixchannel.testkit.FileChannelContractSuite} checks every {@code FileChannel}
 * method one rule at a time; {@link dev.mixchannel.testkit.DifferentialSuite} runs seeded random
 * operation sequences against the JDK channel and the channel under test and reports the first
 * divergence with a shrunk reproduction. An implementation plugs in through a {@link
 * dev.mixchannel.testkit.ChannelFactory} and declares its optional features as {@link
 * dev.mixchannel.testkit.ChannelCapability capabilities}; {@link
 * dev.mixchannel.testkit.JdkChannelFactory} is the reference.
 *
 * <p>Two checks guard every test of a project that turns on JUnit's extension autodetection (this
 * jar declares both as services): {@link dev.mixchannel.testkit.LeakCheckExtension} fails a test
 * that leaves a channel or file open or a {@code mixchannel-*} thread running, and {@link
 * dev.mixchannel.testkit.LogCheckExtension} fails a test that logs an unexpected WARN or ERROR
 * event (recorded by the SLF4J provider in {@code dev.mixchannel.testkit.internal}). A test narrows
 * them with {@link dev.mixchannel.testkit.LeakCheck} and {@link
 * dev.mixchannel.testkit.ExpectedLog}.
 *
 * <p>{@link dev.mixchannel.testkit.StorageTierContractSuite} holds any {@link
 * dev.mixchannel.api.StorageTier} to the SPI's javadoc, with optional features declared as {@link
 * dev.mixchannel.testkit.TierCapability capabilities}; it injects faults before and after the real
 * effect of every state-changing call through {@link dev.mixchannel.testkit.FaultInjectingTier},
 * which callers of tiers use in their own tests too, and probes cross-process locks from a child
 * JVM running {@link dev.mixchannel.testkit.LockProbe}.
 *
 * <p>This package depends on JUnit Jupiter, AssertJ, the SLF4J API and {@code mixchannel-api} (for
 * the tier SPI), never on other MixChannel modules.
 */
package dev.mixchannel.testkit;
