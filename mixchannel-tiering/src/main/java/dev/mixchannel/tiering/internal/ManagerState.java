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
package dev.mixchannel.tiering.internal;

/** Whether a manager is open, shared by everything that must fail once it closed. Thread-safe. */
final class ManagerState {
  private final String managerName;
  private volatile boolean closed;

  ManagerState(String managerName) {
    this.managerName = managerName;
  }

  /**
   * Marks the manager closed.
   *
   * @return whether this call closed it (false when it was closed already)
   */
  synchronized boolean close() {
    if (closed) {
      return false;
    }
    closed = true;
    return true;
  }

  boolean isClosed() {
    return closed;
  }

  /**
   * Fails when the manager is closed.
   *
   * @param key the key the caller works on, for the message
   * @throws IllegalStateException when closed
   */
  void checkOpen(String key) {
    if (closed) {
      throw closedFailure(key);
    }
  }

  IllegalStateException closedFailure(String key) {
    return new IllegalStateException(
        "tier manager closed: key=" + key + " (manager " + managerName + ")");
  }

  String managerName() {
    return managerName;
  }
}
