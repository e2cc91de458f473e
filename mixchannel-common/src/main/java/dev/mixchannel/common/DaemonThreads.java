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
package dev.mixchannel.common;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one factory of MixChannel's own threads: daemon threads named {@code mixchannel-<role>-<n>},
 * numbered per factory, so that a thread dump and the tests' leak check can tell whose a thread is.
 * Thread-safe.
 */
public final class DaemonThreads implements ThreadFactory {
  private final String prefix;
  private final AtomicInteger next = new AtomicInteger(1);

  /**
   * A factory for one role.
   *
   * @param role such as {@code migrate}, {@code kafka-sweep} or {@code scrub}
   */
  public DaemonThreads(String role) {
    this.prefix = "mixchannel-" + role + "-";
  }

  @Override
  public Thread newThread(Runnable task) {
    Thread thread = new Thread(task, prefix + next.getAndIncrement());
    thread.setDaemon(true);
    return thread;
  }

  /**
   * Starts one thread of a role whose number the caller chose (a pool's index, a waiter's
   * sequence).
   *
   * @param role the role
   * @param number the number in its name
   * @param task what it runs
   * @return the started thread, named {@code mixchannel-<role>-<number>}
   */
  public static Thread start(String role, int number, Runnable task) {
    Thread thread = new Thread(task, "mixchannel-" + role + "-" + number);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}
