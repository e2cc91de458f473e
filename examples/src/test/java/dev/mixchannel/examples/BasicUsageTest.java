package dev.mixchannel.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BasicUsageTest {

  @TempDir Path work;

  @Test
  void shouldWriteReadForceAndMoveWhenRun() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BasicUsage.run(work, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("wrote 27 bytes to orders-0/00000000000000000000.log on tier pmem (PMEM)")
        .contains("read back: first record\nsecond record")
        .contains("moved to tier disk; the open channel still works: size=27")
        .contains("migrationsDown=1");
  }
}
