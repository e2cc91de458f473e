/**
 * Bookie journals on MixChannel through BookKeeper's own plug-in point: {@link
 * dev.mixchannel.bookkeeper.MixChannelJournalProvider} is a {@code FileChannelProvider} ({@code
 * journalChannelProvider=dev.mixchannel.bookkeeper.MixChannelJournalProvider} in {@code
 * bk_server.conf}) whose journal channels are {@code MixChannel}s on the fastest tier with room,
 * and {@link dev.mixchannel.bookkeeper.Evacuate} turns them back into plain journal files so that
 * the provider can be removed.
 *
 * <p>Each journal file the bookie creates stays in its journal directory as an empty
 * <i>placeholder</i> that the bookie lists and deletes; its bytes live in the tiers under the key
 * {@code journal/<real path of the journal directory>/<id>.txn}.
 */
package dev.mixchannel.bookkeeper;
