/**
 * The vocabulary shared by every MixChannel module: {@link dev.mixchannel.api.TierKind}, the {@link
 * dev.mixchannel.api.StorageTier} service-provider interface that tiering builds on, the immutable
 * {@link dev.mixchannel.api.MixChannelConfig} with its property keys ({@link
 * dev.mixchannel.api.ConfigKeys}), the exception hierarchy rooted at {@link
 * dev.mixchannel.api.MixChannelException}, stats records and JMX MXBean interfaces.
 *
 * <p>This package depends on nothing but the JDK.
 */
package dev.mixchannel.api;
