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
 * The kill -9 harness: {@link dev.mixchannel.testkit.crash.AckedWrites} is both halves of a test
 * that kills a child JVM while it writes and then checks that every acknowledged byte is there;
 * {@link dev.mixchannel.testkit.crash.CrashMatrix} runs such kills at every step of a migration
 * protocol and at random moments.
 */
package dev.mixchannel.testkit.crash;
