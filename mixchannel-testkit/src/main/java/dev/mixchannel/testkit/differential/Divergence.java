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
package dev.mixchannel.testkit.differential;

/**
 * The first point where the channel under test and the JDK disagree.
 *
 * @param stepIndex the index in the executed list of the step after which they disagree
 * @param opIndex the step's index in the generated sequence
 * @param what the step, or the full comparison that failed
 * @param expected the JDK's outcome
 * @param actual the outcome of the channel under test
 */
record Divergence(int stepIndex, int opIndex, String what, Outcome expected, Outcome actual) {}
