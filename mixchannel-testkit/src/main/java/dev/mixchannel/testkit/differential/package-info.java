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
 * The differential engine: {@link dev.mixchannel.testkit.differential.DifferentialSuite} runs seeded
 * random operation sequences against the JDK channel and the channel under test, side by side, and
 * reports the first divergence with a shrunk reproduction and the seed that replays it.
 */
package dev.mixchannel.testkit.differential;
