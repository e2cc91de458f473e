/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.mixchannel.common;

import dev.mixchannel.api.SizeHint;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The open options of one {@code open} call, parsed once with the JDK's rules (every tier and the
 * tier manager share them): {@code WRITE} is implied by {@code APPEND}, {@code READ} by the absence
 * of both, {@code CREATE}, {@code CREATE_NEW} and {@code TRUNCATE_EXISTING} count only when
 * writing, and {@code READ + APPEND} and {@code APPEND + TRUNCATE_EXISTING} are refused. {@code
 * SPARSE} and {@code NOFOLLOW_LINKS} are accepted and ignored.
 *
 * @param read whether the channel reads
 * @param write whether the channel writes
 * @param append whether every write goes to the end
 * @param create whether a missing key is created
 * @param createNew whether the key must not exist yet
 * @param truncate whether an existing key is truncated to 0 bytes
 * @param sync whether every write is durable with its metadata before it returns
 * @param dsync whether every write is durable before it returns
 * @param deleteOnClose whether the key is deleted when the channel closes
 * @param hint the size hint, {@link SizeHint#NONE} when none was given
 */
public record OpenOptions(
    boolean read,
    boolean write,
    boolean append,
    boolean create,
    boolean createNew,
    boolean truncate,
    boolean sync,
    boolean dsync,
    boolean deleteOnClose,
    SizeHint hint) {

  /**
   * Parses open options.
   *
   * @param key the key being opened, named in errors
   * @param options the options; {@link SizeHint}s are allowed, equal ones more than once
   * @return the parsed options
   * @throws NullPointerException when an option is null
   * @throws IllegalArgumentException for a JDK-refused combination or two different size hints
   * @throws UnsupportedOperationException for an option that is neither a {@link
   *     StandardOpenOption}, {@link LinkOption#NOFOLLOW_LINKS} nor a {@link SizeHint}
   */
  public static OpenOptions parse(String key, Iterable<? extends OpenOption> options) {
    Set<StandardOpenOption> given = EnumSet.noneOf(StandardOpenOption.class);
    SizeHint hint = null;
    for (OpenOption option : options) {
      Objects.requireNonNull(option, "open option");
      if (option instanceof SizeHint h) {
        if (hint != null && !hint.equals(h)) {
          throw new IllegalArgumentException(
              "conflicting size hints: key=" + key + ", first=" + hint + ", second=" + h);
        }
        hint = h;
      } else if (option instanceof StandardOpenOption std) {
        given.add(std);
      } else if (option != LinkOption.NOFOLLOW_LINKS) {
        throw new UnsupportedOperationException(
            "unsupported open option: option=" + option + ", key=" + key);
      }
    }
    boolean append = given.contains(StandardOpenOption.APPEND);
    boolean write = append || given.contains(StandardOpenOption.WRITE);
    boolean read = given.contains(StandardOpenOption.READ);
    boolean truncate = given.contains(StandardOpenOption.TRUNCATE_EXISTING);
    if (read && append) {
      throw new IllegalArgumentException("READ + APPEND not allowed: key=" + key);
    }
    if (append && truncate) {
      throw new IllegalArgumentException("APPEND + TRUNCATE_EXISTING not allowed: key=" + key);
    }
    return new OpenOptions(
        read || !write,
        write,
        append,
        write && given.contains(StandardOpenOption.CREATE),
        write && given.contains(StandardOpenOption.CREATE_NEW),
        write && truncate,
        given.contains(StandardOpenOption.SYNC),
        given.contains(StandardOpenOption.DSYNC),
        given.contains(StandardOpenOption.DELETE_ON_CLOSE),
        hint == null ? SizeHint.NONE : hint);
  }

  /**
   * Parses the open options of a tier's own {@code open}, which leaves {@code DELETE_ON_CLOSE} to
   * the tier manager (a tier cannot know when a key's last handle closes).
   *
   * @param key the key being opened, named in errors
   * @param options the options
   * @param tier what the tier is, for the message ({@code file tier}, {@code PMem tier})
   * @return the parsed options
   * @throws UnsupportedOperationException for {@code DELETE_ON_CLOSE}, and as {@link #parse(String,
   *     Iterable)}
   */
  public static OpenOptions parseForTier(
      String key, Iterable<? extends OpenOption> options, String tier) {
    OpenOptions request = parse(key, options);
    if (request.deleteOnClose()) {
      throw new UnsupportedOperationException(
          "unsupported open option: option=DELETE_ON_CLOSE, key="
              + key
              + " ("
              + tier
              + "; the tier manager handles it)");
    }
    return request;
  }

  /**
   * Parses open options.
   *
   * @param key the key being opened, named in errors
   * @param options the options
   * @return the parsed options
   * @see #parse(String, Iterable)
   */
  public static OpenOptions parse(String key, OpenOption... options) {
    return parse(key, java.util.Arrays.asList(options));
  }

  /**
   * Whether a missing key may be created.
   *
   * @return {@code create() || createNew()}
   */
  public boolean mayCreate() {
    return create || createNew;
  }

  /**
   * The options as the JDK's {@code FileChannel.open} takes them, without {@code DELETE_ON_CLOSE}
   * (which a tier refuses or handles itself).
   *
   * @return a new mutable set
   */
  public Set<StandardOpenOption> jdkOptions() {
    Set<StandardOpenOption> jdk = EnumSet.noneOf(StandardOpenOption.class);
    add(jdk, read, StandardOpenOption.READ);
    add(jdk, write && !append, StandardOpenOption.WRITE);
    add(jdk, append, StandardOpenOption.APPEND);
    add(jdk, create, StandardOpenOption.CREATE);
    add(jdk, createNew, StandardOpenOption.CREATE_NEW);
    add(jdk, truncate, StandardOpenOption.TRUNCATE_EXISTING);
    add(jdk, sync, StandardOpenOption.SYNC);
    add(jdk, dsync, StandardOpenOption.DSYNC);
    return jdk;
  }

  private static void add(Set<StandardOpenOption> set, boolean on, StandardOpenOption option) {
    if (on) {
      set.add(option);
    }
  }
}
