package dev.mixchannel.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatusLineTest {

  @Test
  void shouldFitEightyColumnsWhenEveryFieldIsLarge() {
    Sample s =
        new Sample(
            3_599_000_000_000L,
            900L << 20,
            1L << 30,
            40,
            999L << 30,
            9999,
            12345,
            6789,
            3,
            5000L << 30,
            5000L << 30,
            123);
    String line = StatusLine.format(s, 0.5);
    assertThat(line.length()).isLessThanOrEqualTo(StatusLine.WIDTH);
    assertThat(line)
        .startsWith(" 3599s  pmem [#####|####-]  88%  disk 999.00 GiB  moved 19134")
        .matches("\\p{ASCII}+");
  }

  @Test
  void shouldShowOccupancyAndThresholdWhenDrawingTheBar() {
    assertThat(StatusLine.bar(0, 0.5)).isEqualTo("[-----|-----]");
    assertThat(StatusLine.bar(1, 0.5)).isEqualTo("[#####|#####]");
    assertThat(StatusLine.bar(0.3, -1)).isEqualTo("[###-------]");
    assertThat(StatusLine.bar(0.2, 1)).isEqualTo("[##--------|]");
  }
}
