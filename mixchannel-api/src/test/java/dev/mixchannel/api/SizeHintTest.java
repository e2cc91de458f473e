package dev.mixchannel.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SizeHintTest {

  @Test
  void shouldFindTheHintAmongOptions() {
    Set<OpenOption> options = Set.of(StandardOpenOption.WRITE, SizeHint.of(42));

    assertThat(SizeHint.in(options)).isEqualTo(SizeHint.of(42));
    assertThat(SizeHint.in(Set.of(StandardOpenOption.READ))).isEqualTo(SizeHint.NONE);
  }

  @Test
  void shouldRejectNegativeAndConflictingHints() {
    assertThatThrownBy(() -> SizeHint.of(-1)).hasMessageContaining("bytes=-1");
    assertThatThrownBy(() -> SizeHint.in(Set.of(SizeHint.of(1), SizeHint.preallocate(1))))
        .hasMessageContaining("conflicting size hints");
  }
}
