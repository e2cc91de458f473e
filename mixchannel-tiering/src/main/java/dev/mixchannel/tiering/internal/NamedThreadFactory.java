package dev.mixchannel.tiering.internal;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Daemon threads named {@code mixchannel-<role>-<n>}, numbered per factory. */
final class NamedThreadFactory implements ThreadFactory {
  private final String prefix;
  private final AtomicInteger next = new AtomicInteger(1);

  NamedThreadFactory(String role) {
    this.prefix = "mixchannel-" + role + "-";
  }

  @Override
  public Thread newThread(Runnable task) {
    Thread thread = new Thread(task, prefix + next.getAndIncrement());
    thread.setDaemon(true);
    return thread;
  }
}
