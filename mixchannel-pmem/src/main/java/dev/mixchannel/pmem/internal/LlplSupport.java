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
package dev.mixchannel.pmem.internal;

/**
 * Probes LLPL once per JVM (class-holder idiom): initializing {@code MemoryPoolImpl} loads {@code
 * libllpl}, which needs libpmem, libpmemobj and libpmempool. The result is immutable.
 */
final class LlplSupport {

  /** Empty when LLPL loads, else why not. */
  static final String REASON = probe();

  private LlplSupport() {}

  private static String probe() {
    try {
      Class.forName("com.intel.pmem.llpl.MemoryPoolImpl", true, LlplSupport.class.getClassLoader());
      return "";
    } catch (LinkageError | ClassNotFoundException | RuntimeException e) {
      String message = e.getMessage();
      return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
  }
}
