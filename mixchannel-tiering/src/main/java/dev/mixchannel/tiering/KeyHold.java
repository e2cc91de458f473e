package dev.mixchannel.tiering;

/**
 * Keeps a key on the tier {@link TierManager#hold} moved it to: the migration policy leaves it
 * there until this is closed (explicit {@link TierManager#migrate} calls still move it). Holds of
 * one key nest. Closing twice, or after the key was deleted, does nothing.
 */
public interface KeyHold extends AutoCloseable {

  /** Ends the hold. */
  @Override
  void close();
}
