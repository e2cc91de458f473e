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
 * Runs Kafka 4.x on MixChannel without changing Kafka: the {@link
 * dev.mixchannel.kafka.MixChannelAgent Java agent} for a stock broker, the {@link
 * dev.mixchannel.kafka.KafkaChannelFactory entry point} that agent and the {@code FileRecords}
 * patch call, and the {@link dev.mixchannel.kafka.Evacuate} command that moves a broker's segments
 * back into its own files.
 *
 * <p>Each segment file Kafka creates stays where Kafka expects it, as an empty <i>anchor</i> that
 * Kafka lists, stats and renames; its bytes live in the tiers under the key {@code
 * <directory.id>/<partition dir>/<file name>}.
 */
package dev.mixchannel.kafka;
