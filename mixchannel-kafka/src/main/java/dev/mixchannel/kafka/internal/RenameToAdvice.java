package dev.mixchannel.kafka.internal;

import dev.mixchannel.kafka.KafkaChannelFactory;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import net.bytebuddy.asm.Advice;

/**
 * Advice for {@code FileRecords.renameTo(File)}: after Kafka moved the file, the segment's key
 * follows. When Kafka's move fails the key stays. Its code is inlined into {@code FileRecords}.
 */
public final class RenameToAdvice {

  private RenameToAdvice() {}

  /**
   * Remembers the file before the rename.
   *
   * @param before the {@code file} field
   * @return the file before
   */
  @Advice.OnMethodEnter
  public static File enter(@Advice.FieldValue("file") File before) {
    return before;
  }

  /**
   * Renames the key after a successful move.
   *
   * @param before the file before
   * @param after the argument
   * @param channel the {@code channel} field
   * @param thrown what Kafka's body threw, or {@code null}
   * @throws IOException when the tiers fail
   */
  @Advice.OnMethodExit(onThrowable = Throwable.class)
  public static void exit(
      @Advice.Enter File before,
      @Advice.Argument(0) File after,
      @Advice.FieldValue("channel") FileChannel channel,
      @Advice.Thrown Throwable thrown)
      throws IOException {
    if (thrown == null) {
      KafkaChannelFactory.renamed(channel, before, after);
    }
  }
}
