package dev.mixchannel.kafka.internal;

import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.LeakCheckExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(LeakCheckExtension.class)
class EvacuatorTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000000.log";
  private static final String NEXT = "00000000000000000042.log";

  @TempDir Path temp;

  @Test
  void shouldCopyEveryKeyIntoItsAnchorAndDeleteKeysWhenEvacuating() throws IOException {
    AdapterSettings settings = prepare();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Evacuator.Result result = evacuate(settings, out);

    assertThat(result.segments()).isEqualTo(2);
    assertThat(result.leftKeys()).isEmpty();
    assertThat(Files.readString(temp.resolve("logs").resolve(P).resolve(LOG))).isEqualTo("first");
    assertThat(Files.readString(temp.resolve("logs").resolve(P).resolve(NEXT)))
        .isEqualTo("second segment");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("evacuated 2/2 segments")
        .contains("done: 2 segments");
    try (StoreFixture fx = new StoreFixture(temp)) {
      assertThat(fx.manager().keys()).isEmpty();
    }
  }

  @Test
  void shouldFinishInterruptedEvacuationWithoutCopyingAgainWhenRunTwice() throws IOException {
    AdapterSettings settings = prepare();
    Path anchor = temp.resolve("logs").resolve(P).resolve(LOG);
    // An earlier run renamed the copy over the anchor but died before deleting the key.
    Files.writeString(anchor, "first");
    Files.writeString(anchor.resolveSibling(NEXT + AnchorCopies.EVACUATING_SUFFIX), "partial");

    Evacuator.Result result = evacuate(settings, new ByteArrayOutputStream());

    assertThat(result.segments()).isEqualTo(2);
    assertThat(result.bytes()).isEqualTo("second segment".length());
    assertThat(anchor.resolveSibling(NEXT + AnchorCopies.EVACUATING_SUFFIX)).doesNotExist();
    assertThat(evacuate(settings, new ByteArrayOutputStream()).segments()).isZero();
  }

  @Test
  void shouldReportKeysOfUnknownLogDirsAsLeft() throws IOException {
    AdapterSettings settings = prepare();
    try (StoreFixture fx = new StoreFixture(temp)) {
      fx.manager()
          .open(
              "OTHERTAGAAAAAAAAAAAAAA/t-1/" + LOG,
              java.nio.file.StandardOpenOption.CREATE,
              java.nio.file.StandardOpenOption.WRITE)
          .close();
    }

    Evacuator.Result result = evacuate(settings, new ByteArrayOutputStream());

    assertThat(result.leftKeys()).containsExactly("OTHERTAGAAAAAAAAAAAAAA/t-1/" + LOG);
  }

  private AdapterSettings prepare() throws IOException {
    try (StoreFixture fx = new StoreFixture(temp)) {
      fx.putKey(P, LOG, "first", true);
      fx.putKey(P, NEXT, "second segment", true);
      assertThat(fx.manager().keys()).contains(key(P, LOG), key(P, NEXT));
      return new AdapterSettings(temp, fx.config, List.of(fx.logDir), 0, 0);
    }
  }

  private static Evacuator.Result evacuate(AdapterSettings settings, ByteArrayOutputStream out)
      throws IOException {
    return new Evacuator(
            settings, settings.logDirs(), new PrintStream(out, true, StandardCharsets.UTF_8))
        .run();
  }
}
