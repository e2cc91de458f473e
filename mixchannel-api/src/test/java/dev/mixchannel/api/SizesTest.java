package dev.mixchannel.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SizesTest {

  @Test
  void shouldParseBinarySuffixesInEitherCase() {
    assertThat(Sizes.parse("512")).isEqualTo(512);
    assertThat(Sizes.parse("4k")).isEqualTo(4096);
    assertThat(Sizes.parse("4M")).isEqualTo(4L << 20);
    assertThat(Sizes.parse(" 2g ")).isEqualTo(2L << 30);
    assertThat(Sizes.parse("1T")).isEqualTo(1L << 40);
    assertThat(Sizes.parse("-1")).isEqualTo(-1);
  }

  @Test
  void shouldRejectGarbageAndOverflow() {
    assertThatThrownBy(() -> Sizes.parse("4x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sizes.parse("-2")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sizes.parse("9999999999999t"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
