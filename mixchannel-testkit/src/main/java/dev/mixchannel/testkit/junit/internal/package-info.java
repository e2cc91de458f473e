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
 * The SLF4J service provider behind {@link dev.mixchannel.testkit.junit.LogCheckExtension}: it wraps the
 * logging backend found on the class path (slf4j-simple in this project's tests), which still
 * prints every event, and records WARN and ERROR events into the capture window of the running
 * test. Tests select it with the system property {@code
 * slf4j.provider=dev.mixchannel.testkit.junit.internal.RecordingServiceProvider}, which the build sets.
 * Also the {@link dev.mixchannel.testkit.junit.internal.EnclosingInstanceResolver} through which the
 * contract groups reach the suite that nests them. Nothing here is API: it may change without
 * notice.
 */
package dev.mixchannel.testkit.junit.internal;
