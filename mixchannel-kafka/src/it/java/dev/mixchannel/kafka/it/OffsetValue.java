package dev.mixchannel.kafka.it;

/**
 * A record read back from a segment.
 *
 * @param offset its offset
 * @param value its value
 */
public record OffsetValue(long offset, String value) {}
