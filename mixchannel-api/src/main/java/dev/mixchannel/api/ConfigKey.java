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
package dev.mixchannel.api;

/**
 * The documentation of one configuration property: its key (with {@code <name>} standing for a tier
 * name), its default and what it means. {@link ConfigKeys#ALL} lists them all; the README's
 * configuration table is checked against that list.
 *
 * @param key the property key
 * @param defaultValue the default as text, or {@code (required)}
 * @param description what the property does
 * @param pafka {@code true} for the Pafka-compatible family, {@code false} for {@code mixchannel.*}
 */
public record ConfigKey(String key, String defaultValue, String description, boolean pafka) {}
