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
 * The {@link java.nio.channels.FileChannel} contract: {@link
 * dev.mixchannel.testkit.channel.FileChannelContractSuite} checks every method one rule at a time
 * against the JDK's own file channel. An implementation plugs in through a {@link
 * dev.mixchannel.testkit.channel.ChannelFactory} and declares its optional features as {@link
 * dev.mixchannel.testkit.channel.ChannelCapability capabilities}; {@link
 * dev.mixchannel.testkit.channel.JdkChannelFactory} is the reference. {@link
 * dev.mixchannel.testkit.channel.ChannelTracker} records every channel a factory opens, for the
 * leak check.
 */
package dev.mixchannel.testkit.channel;
