package dev.mixchannel.kafka.internal;

/** Counts the segment channels handed to Kafka, so the shutdown hook can wait for the last. */
final class OpenSegments {
  private long open;

  synchronized void opened() {
    open++;
  }

  synchronized void closed() {
    open--;
    if (open == 0) {
      notifyAll();
    }
  }

  /**
   * Waits until none is open.
   *
   * @param timeoutNanos the longest wait
   * @return whether none is open
   * @throws InterruptedException when interrupted
   */
  synchronized boolean awaitNone(long timeoutNanos) throws InterruptedException {
    long deadline = System.nanoTime() + timeoutNanos;
    while (open > 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }
}
