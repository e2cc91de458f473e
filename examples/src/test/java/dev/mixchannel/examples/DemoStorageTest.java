package dev.mixchannel.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DemoStorageTest {

  @Test
  void shouldFallBackToTheTempDirWhenShmHasNoRoom() {
    assertThat(DemoStorage.defaultPmemBase(1L << 60))
        .isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
  }

  @Test
  void shouldNotClaimRoomOnAMissingDirectory() {
    assertThat(DemoStorage.hasRoom(Path.of("/no/such/dir"), 1)).isFalse();
  }
}
