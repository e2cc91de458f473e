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
