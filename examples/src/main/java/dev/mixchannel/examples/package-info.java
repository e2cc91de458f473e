/**
 * Runnable programs a new user starts from: {@link dev.mixchannel.examples.Demo} (the README's
 * first command), {@link dev.mixchannel.examples.BasicUsage}, {@link
 * dev.mixchannel.examples.SegmentedLog} (a Kafka-style segmented log) and {@link
 * dev.mixchannel.examples.CustomPolicy} (a custom migration policy). Not published.
 */
package dev.mixchannel.examples;
