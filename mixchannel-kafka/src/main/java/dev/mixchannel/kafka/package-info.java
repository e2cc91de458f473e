/**
 * Runs Kafka 4.x on MixChannel without changing Kafka: the {@link
 * dev.mixchannel.kafka.MixChannelAgent Java agent} for a stock broker, the {@link
 * dev.mixchannel.kafka.KafkaChannelFactory entry point} that agent and the {@code FileRecords}
 * patch call, and the {@link dev.mixchannel.kafka.Evacuate} command that moves a broker's segments
 * back into its own files.
 *
 * <p>Each segment file Kafka creates stays where Kafka expects it, as an empty <i>anchor</i> that
 * Kafka lists, stats and renames; its bytes live in the tiers under the key {@code
 * <directory.id>/<partition dir>/<file name>}.
 */
package dev.mixchannel.kafka;
