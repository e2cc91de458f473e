package dev.mixchannel.kafka.internal;

import java.util.function.Consumer;
import org.slf4j.LoggerFactory;

/**
 * How the agent stops a JVM it must not run in: the reason goes to standard error and to the log at
 * ERROR, then the JVM halts with exit code {@value #EXIT_CODE}. A halt, not an exit: the stop can
 * come from inside a class transformation, where shutdown hooks waiting on the class being loaded
 * would never end; no shutdown hook runs, as after a {@code kill -9}, which every layer of
 * MixChannel survives. Stateless.
 */
public final class JvmStop implements Consumer<String> {

  /** The exit code of the stop. */
  public static final int EXIT_CODE = 1;

  @Override
  public void accept(String reason) {
    System.err.println("MixChannel agent stops the JVM: " + reason);
    System.err.flush();
    try {
      LoggerFactory.getLogger(JvmStop.class).error("MixChannel agent stops the JVM: {}", reason);
    } finally {
      Runtime.getRuntime().halt(EXIT_CODE);
    }
  }
}
