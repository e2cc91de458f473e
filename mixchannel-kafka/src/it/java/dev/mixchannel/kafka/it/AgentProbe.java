package dev.mixchannel.kafka.it;

/** A main class for a JVM that only has to start with the agent: it prints that it ran. */
public final class AgentProbe {

  /** The line the probe prints. */
  static final String RAN = "agent probe ran";

  private AgentProbe() {}

  /**
   * Prints {@link #RAN}.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    System.out.println(RAN);
  }
}
