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
 * Runnable programs a new user starts from: {@link dev.mixchannel.examples.Demo} (the README's
 * first command), {@link dev.mixchannel.examples.BasicUsage}, {@link
 * dev.mixchannel.examples.SegmentedLog} (a Kafka-style segmented log) and {@link
 * dev.mixchannel.examples.CustomPolicy} (a custom migration policy). Not published.
 */
package dev.mixchannel.examples;
