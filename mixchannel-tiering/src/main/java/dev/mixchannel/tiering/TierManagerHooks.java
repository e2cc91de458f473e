package dev.mixchannel.tiering;

import dev.mixchannel.tiering.internal.ManagerCore;
import java.time.Duration;

/**
 * What the tests of this package drive a {@link TierManager} with, beyond its interface: a policy
 * round on demand, the policy's view, waiting for migrations, the JMX id. Not an API.
 */
final class TierManagerHooks {
  private TierManagerHooks() {}

  static int doWork(TierManager manager) {
    return core(manager).doWork();
  }

  static PolicySnapshot snapshot(TierManager manager) {
    return core(manager).snapshot();
  }

  static boolean awaitMigrations(TierManager manager, Duration timeout)
      throws InterruptedException {
    return core(manager).awaitMigrations(timeout);
  }

  static String id(TierManager manager) {
    return core(manager).id();
  }

  private static ManagerCore core(TierManager manager) {
    return (ManagerCore) manager;
  }
}
