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
 * The implementation of {@code dev.mixchannel.tiering}: the key index ({@link
 * dev.mixchannel.tiering.internal.KeyIndex}) and the namespace operations on it ({@link
 * dev.mixchannel.tiering.internal.Catalog}), the channel handles, the migration protocol (one
 * attempt is a {@link dev.mixchannel.tiering.internal.Migration}, run by {@link
 * dev.mixchannel.tiering.internal.Migrator} and {@link dev.mixchannel.tiering.internal.Switcher}),
 * recovery, the policy agent and the JMX beans. No compatibility is promised for anything in this
 * package.
 *
 * <p>Locks: each key's state ({@link dev.mixchannel.tiering.internal.TieredKey}) has an append lock
 * and a shared/exclusive lock, taken in that order; the catalog's index lock is never held while a
 * key's lock is acquired. Two keys are locked together only by a rename, in id order. No foreign
 * channel (a caller's source or target, a wrapper, a pipe) is called under any of them: see {@link
 * dev.mixchannel.tiering.internal.TieredKey} for the discipline.
 *
 * <p>Interrupts and file locks: an interrupt on one handle changes nothing for the other handles of
 * its key. Each handle applies the JDK's rule itself ({@link
 * dev.mixchannel.tiering.internal.KeyIo}: the interrupted thread's handle closes, on every tier). A
 * JDK backing channel still closes itself when a thread in one of its calls is interrupted, and
 * POSIX drops every lock of the process on a file when any descriptor of it is closed; so while a
 * key holds a file lock its backing calls never run in a caller's thread ({@link
 * dev.mixchannel.tiering.internal.InterruptGuard}: they run on the manager's {@link
 * dev.mixchannel.tiering.internal.IoRunner}, and a blocking lock waits there too), and a second
 * descriptor of a locked file is never opened and closed. Without locks an interrupt may close the
 * shared backing channel; the other handles' calls on it took no effect and run again on a reopened
 * one.
 */
package dev.mixchannel.tiering.internal;
