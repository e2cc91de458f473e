/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.mixchannel.testkit.junit.internal;

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
