package dev.mixchannel.pmem.internal;

import java.nio.ByteBuffer;

/**
 * A read-only view of one extent's memory handed to a {@code transferTo} target, with the extent it
 * pins.
 *
 * @param buffer the view
 * @param extent the pinned extent number
 */
record PinnedView(ByteBuffer buffer, int extent) {}
