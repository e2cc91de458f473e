/**
 * Test suites that hold any {@link java.nio.channels.FileChannel} implementation to the exact
 * behaviour of the JDK's own file channel.
 *
 * <p>{@link dev.mixchannel.testkit.FileChannelContractSuite} checks every {@code FileChannel}
 * method one rule at a time; {@link dev.mixchannel.testkit.DifferentialSuite} runs seeded random
 * operation sequences against the JDK channel and the channel under test and reports the first
 * divergence with a shrunk reproduction. An implementation plugs in through a {@link
 * dev.mixchannel.testkit.ChannelFactory} and declares its optional features as {@link
 * dev.mixchannel.testkit.ChannelCapability capabilities}; {@link
 * dev.mixchannel.testkit.JdkChannelFactory} is the reference. {@link
 * dev.mixchannel.testkit.LeakCheckExtension} fails a test that leaves a channel open or a {@code
 * mixchannel-*} thread running.
 *
 * <p>This package depends only on JUnit Jupiter and AssertJ, never on other MixChannel modules.
 */
package dev.mixchannel.testkit;
