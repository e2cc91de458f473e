package dev.mixchannel.common;

import java.util.Locale;

/** Byte counts for people: the one formatter of logs, tools and reports. Stateless. */
public final class ByteSizes {

  private ByteSizes() {}

  /**
   * A size in the largest binary unit that keeps it at or above 1.
   *
   * @param bytes the size
   * @return such as {@code 512 B}, {@code 4.0 MiB} or {@code 1.25 GiB}
   */
  public static String format(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, value < 10 ? "%.2f %s" : "%.1f %s", value, units[unit]);
  }
}
