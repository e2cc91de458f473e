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
 * The vocabulary shared by every MixChannel module: {@link dev.mixchannel.api.TierKind}, the {@link
 * dev.mixchannel.api.StorageTier} service-provider interface that tiering builds on, the immutable
 * {@link dev.mixchannel.api.MixChannelConfig} with its property keys ({@link
 * dev.mixchannel.api.ConfigKeys}), the exception hierarchy rooted at {@link
 * dev.mixchannel.api.MixChannelException}, stats records and JMX MXBean interfaces.
 *
 * <p>This package depends on nothing but the JDK.
 */
package dev.mixchannel.api;
