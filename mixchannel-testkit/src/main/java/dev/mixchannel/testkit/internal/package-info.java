/**
 * The SLF4J service provider behind {@link dev.mixchannel.testkit.LogCheckExtension}: it wraps the
 * logging backend found on the class path (slf4j-simple in this project's tests), which still
 * prints every event, and records WARN and ERROR events into the capture window of the running
 * test. Tests select it with the system property {@code
 * slf4j.provider=dev.mixchannel.testkit.internal.RecordingServiceProvider}, which the build sets.
 * Nothing here is API: it may change without notice.
 */
package dev.mixchannel.testkit.internal;
