package dev.mixchannel.testkit.internal;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;

/**
 * Hands out {@link RecordingLogger}s around the backend's loggers, one per name, all recording into
 * one {@link LogRecorder}. Safe for use by many threads.
 */
public final class RecordingLoggerFactory implements ILoggerFactory {

  private final ILoggerFactory delegate;
  private final LogRecorder recorder;
  private final ConcurrentMap<String, Logger> loggers = new ConcurrentHashMap<>();

  RecordingLoggerFactory(ILoggerFactory delegate, LogRecorder recorder) {
    this.delegate = delegate;
    this.recorder = recorder;
  }

  @Override
  public Logger getLogger(String name) {
    return loggers.computeIfAbsent(name, n -> new RecordingLogger(delegate.getLogger(n), recorder));
  }

  /**
   * The recorder every logger of this factory records into.
   *
   * @return the recorder
   */
  public LogRecorder recorder() {
    return recorder;
  }
}
