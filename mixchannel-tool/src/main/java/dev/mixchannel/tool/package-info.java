/**
 * The operator tool, {@code java -jar mixchannel-tool.jar}: {@code inspect} a PMem pool file,
 * {@code verify} the storage of a configuration, {@code migrate} one key and {@code evacuate} every
 * key to one tier. {@link dev.mixchannel.tool.MixChannelTool} is the entry point and documents the
 * exit codes.
 */
package dev.mixchannel.tool;
