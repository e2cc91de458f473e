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

import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.NOP_FallbackServiceProvider;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * An SLF4J provider that wraps the first other provider on the class path (slf4j-simple in this
 * project's tests, or a no-operation backend when there is none): that backend prints every event
 * as usual, and WARN and ERROR events are also recorded for {@link
 * dev.mixchannel.testkit.junit.LogCheckExtension}. It is not registered as a service, so that it
 * never competes with the backend: select it with the system property {@code
 * slf4j.provider=dev.mixchannel.testkit.junit.internal.RecordingServiceProvider}.
 */
public final class RecordingServiceProvider implements SLF4JServiceProvider {

  /** The SLF4J API version this provider is written against. */
  private static final String REQUESTED_API_VERSION = "2.0.99";

  private final SLF4JServiceProvider backend;
  private RecordingLoggerFactory loggerFactory;

  /**
   * Creates the provider around the backend; SLF4J does this, asks for the MDC adapter, then calls
   * {@link #initialize()}.
   */
  public RecordingServiceProvider() {
    backend = findBackend();
  }

  @Override
  public void initialize() {
    backend.initialize();
    loggerFactory = new RecordingLoggerFactory(backend.getLoggerFactory(), new LogRecorder());
  }

  private static SLF4JServiceProvider findBackend() {
    ServiceLoader<SLF4JServiceProvider> loader =
        ServiceLoader.load(
            SLF4JServiceProvider.class, RecordingServiceProvider.class.getClassLoader());
    Iterator<SLF4JServiceProvider> it = loader.iterator();
    while (true) {
      try {
        if (!it.hasNext()) {
          return new NOP_FallbackServiceProvider();
        }
        SLF4JServiceProvider candidate = it.next();
        if (!(candidate instanceof RecordingServiceProvider)) {
          return candidate;
        }
      } catch (ServiceConfigurationError e) {
        // A provider that cannot be instantiated is skipped, as SLF4J itself does.
      }
    }
  }

  @Override
  public ILoggerFactory getLoggerFactory() {
    return loggerFactory;
  }

  @Override
  public IMarkerFactory getMarkerFactory() {
    return backend.getMarkerFactory();
  }

  @Override
  public MDCAdapter getMDCAdapter() {
    return backend.getMDCAdapter();
  }

  @Override
  public String getRequestedApiVersion() {
    return REQUESTED_API_VERSION;
  }
}
