package dev.mixchannel.testkit;

/**
 * The first point where the channel under test and the JDK disagree.
 *
 * @param stepIndex the index in the executed list of the step after which they disagree
 * @param opIndex the step's index in the generated sequence
 * @param what the step, or the full comparison that failed
 * @param expected the JDK's outcome
 * @param actual the outcome of the channel under test
 */
record Divergence(int stepIndex, int opIndex, String what, Outcome expected, Outcome actual) {}
