package dev.mixchannel.kafka.internal;

import java.nio.file.Path;

/** What Kafka says of a log dir: whether it marked it offline. */
@FunctionalInterface
interface LogDirStatus {

  /** Never offline: outside a broker (tools, tests). */
  LogDirStatus NEVER_OFFLINE = dir -> false;

  /**
   * Whether Kafka has marked a log dir offline.
   *
   * @param logDir the log dir, absolute
   * @return {@code true} when it is offline
   */
  boolean isOffline(Path logDir);
}
