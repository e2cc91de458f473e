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
 * Bookie journals on MixChannel through BookKeeper's own plug-in point: {@link
 * dev.mixchannel.bookkeeper.MixChannelJournalProvider} is a {@code FileChannelProvider} ({@code
 * journalChannelProvider=dev.mixchannel.bookkeeper.MixChannelJournalProvider} in {@code
 * bk_server.conf}) whose journal channels are {@code MixChannel}s on the fastest tier with room,
 * and {@link dev.mixchannel.bookkeeper.Evacuate} turns them back into plain journal files so that
 * the provider can be removed.
 *
 * <p>Each journal file the bookie creates stays in its journal directory as a <i>placeholder</i>
 * that the bookie lists and deletes, and that a bookie without the provider refuses to replay; its
 * bytes live in the tiers under the key {@code journal/<real path of the journal
 * directory>/<id>.txn}.
 */
package dev.mixchannel.bookkeeper;
