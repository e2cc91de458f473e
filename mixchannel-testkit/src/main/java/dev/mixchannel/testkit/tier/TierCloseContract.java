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
package dev.mixchannel.testkit.tier;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * {@link StorageTier#close}: idempotent, closes every channel the tier handed out; afterwards
 * {@code name()}, {@code kind()} and {@code toString()} answer and everything else throws {@link
 * IllegalStateException}.
 */
abstract class TierCloseContract extends TierContractBase {

  @Test
  void shouldDoNothingWhenClosedAgain() throws IOException {
    tier.close();
    tier.close();
  }

  @Test
  void shouldCloseEveryChannelHandedOutWhenTierClosed() throws IOException {
    List<FileChannel> channels = new ArrayList<>();
    channels.add(create(KEY, bytes(10, 1)));
    channels.add(tier.open(KEY, options(READ)));
    channels.add(createIncomplete(OTHER, bytes(10, 2)));
    FileChannel deleted = create(TOP, bytes(10, 3));
    tier.delete(TOP);
    channels.add(deleted);
    if (has(TierCapability.REOPEN)) {
      channels.add(tier.reopen(channels.get(0)));
      channels.add(tier.reopen(deleted));
    }
    tier.close();
    Problems problems = new Problems();
    for (FileChannel channel : channels) {
      problems.expect(!channel.isOpen(), "isOpen() is true after the tier closed " + channel);
      problems.expectThrows(
          "read after the tier closed " + channel,
          ClosedChannelException.class,
          () -> channel.read(ByteBuffer.allocate(1), 0));
    }
    problems.assertNone();
  }

  @Test
  void shouldAnswerNameKindAndToStringWhenClosed() throws IOException {
    String name = tier.name();
    TierKind kind = tier.kind();
    tier.close();
    assertThatCode(tier::name).as("name() after close").doesNotThrowAnyException();
    assertThat(tier.name()).isEqualTo(name);
    assertThatCode(tier::kind).as("kind() after close").doesNotThrowAnyException();
    assertThat(tier.kind()).isEqualTo(kind);
    assertThatCode(tier::toString).as("toString() after close").doesNotThrowAnyException();
    assertThat(tier.toString()).isNotNull();
  }

  @Test
  void shouldThrowIllegalStateWhenAnyOtherMethodCalledAfterClose() throws IOException {
    put(KEY, bytes(10, 4));
    createIncomplete(OTHER, bytes(10, 5)).close();
    FileChannel channel = create(TOP, bytes(10, 6));
    tier.close();
    List<Named> calls =
        List.of(
            new Named("open", () -> tier.open(KEY, options(READ))),
            new Named("open with CREATE", () -> tier.open("new", options(CREATE, WRITE))),
            new Named("exists", () -> tier.exists(KEY)),
            new Named("size", () -> tier.size(KEY)),
            new Named("rename", () -> tier.rename(KEY, "renamed")),
            new Named("delete", () -> tier.delete(KEY)),
            new Named("keys", () -> tier.keys()),
            new Named("createIncomplete", () -> tier.createIncomplete("new", SizeHint.NONE)),
            new Named("publish", () -> tier.publish(OTHER)),
            new Named("discardIncomplete", () -> tier.discardIncomplete(OTHER)),
            new Named("incompleteKeys", () -> tier.incompleteKeys()),
            new Named("capacityBytes", () -> tier.capacityBytes()),
            new Named("usedBytes", () -> tier.usedBytes()),
            new Named("hasRoomFor", () -> tier.hasRoomFor(1)));
    Problems problems = new Problems();
    for (Named call : calls) {
      problems.expectThrows(call.name() + " after close", IllegalStateException.class, call.call());
    }
    if (has(TierCapability.REOPEN)) {
      problems.expectThrows(
          "reopen after close", IllegalStateException.class, () -> tier.reopen(channel));
    }
    problems.assertNone();
  }

  /** A call and its name, for the failure message. */
  private record Named(String name, ThrowingCallable call) {}
}
