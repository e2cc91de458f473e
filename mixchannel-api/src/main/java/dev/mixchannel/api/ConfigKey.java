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
