package dev.mixchannel.file;

import dev.mixchannel.api.SizeHint;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * The open options of a {@link FileTier#open} call, split into what the JDK receives and what the
 * tier acts on.
 *
 * @param jdkOptions the options without the {@link SizeHint}, for {@code FileChannel.open}
 * @param hint the size hint, or {@link SizeHint#NONE}
 * @param mayCreate whether the JDK would create a missing file: {@code CREATE} or {@code
 *     CREATE_NEW} together with {@code WRITE} or {@code APPEND} (the JDK ignores both for a
 *     read-only open)
 */
record OpenRequest(Set<OpenOption> jdkOptions, SizeHint hint, boolean mayCreate) {

  /**
   * Parses and checks open options the way {@code FileChannel.open} does, before any file is
   * touched, so that a missing key reports the same option errors as an existing one.
   *
   * @param options the caller's options
   * @return the parsed request
   * @throws NullPointerException when an option is null
   * @throws IllegalArgumentException for {@code READ + APPEND}, {@code APPEND + TRUNCATE_EXISTING}
   *     or conflicting size hints
   * @throws UnsupportedOperationException for {@code DELETE_ON_CLOSE} (it would unlink a key behind
   *     the tier's index) and for options other than the standard ones and {@link SizeHint}
   */
  static OpenRequest of(Set<? extends OpenOption> options) {
    Set<OpenOption> jdkOptions = new HashSet<>();
    for (OpenOption option : options) {
      if (option == null) {
        throw new NullPointerException("open option");
      }
      if (option instanceof SizeHint) {
        continue;
      }
      if (!(option instanceof StandardOpenOption) || option == StandardOpenOption.DELETE_ON_CLOSE) {
        throw new UnsupportedOperationException(
            "unsupported open option: option=" + option + " (file tier)");
      }
      jdkOptions.add(option);
    }
    SizeHint hint = SizeHint.in(options);
    boolean append = jdkOptions.contains(StandardOpenOption.APPEND);
    if (append && jdkOptions.contains(StandardOpenOption.READ)) {
      throw new IllegalArgumentException("READ + APPEND not allowed");
    }
    if (append && jdkOptions.contains(StandardOpenOption.TRUNCATE_EXISTING)) {
      throw new IllegalArgumentException("APPEND + TRUNCATE_EXISTING not allowed");
    }
    boolean writable = append || jdkOptions.contains(StandardOpenOption.WRITE);
    boolean create =
        jdkOptions.contains(StandardOpenOption.CREATE)
            || jdkOptions.contains(StandardOpenOption.CREATE_NEW);
    return new OpenRequest(jdkOptions, hint, writable && create);
  }
}
