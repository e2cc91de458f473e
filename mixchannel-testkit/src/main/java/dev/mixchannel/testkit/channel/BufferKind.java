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
package dev.mixchannel.testkit.channel;

import java.nio.ByteBuffer;

/**
 * The kinds of {@link ByteBuffer} a channel must accept: heap and direct, read-only (as a write
 * source), sliced (non-zero array offset) and offset (non-zero position over a larger array).
 */
public enum BufferKind {
  /** {@link ByteBuffer#allocate}. */
  HEAP(false),
  /** {@link ByteBuffer#allocateDirect}. */
  DIRECT(false),
  /** {@code ByteBuffer.wrap(array, offset, length).slice()}: array offset is not zero. */
  SLICED_HEAP(false),
  /** {@code ByteBuffer.wrap(array, offset, length)}: position and capacity differ from length. */
  OFFSET_HEAP(false),
  /** A slice of a larger direct buffer. */
  SLICED_DIRECT(false),
  /** A read-only view of a heap buffer. */
  READ_ONLY_HEAP(true),
  /** A read-only view of a direct buffer. */
  READ_ONLY_DIRECT(true);

  /** Bytes on each side of sliced and offset buffers, inside their backing memory. */
  public static final int PAD = 13;

  private final boolean readOnly;

  BufferKind(boolean readOnly) {
    this.readOnly = readOnly;
  }

  /**
   * Whether buffers of this kind are read-only.
   *
   * @return true for the read-only kinds
   */
  public boolean isReadOnly() {
    return readOnly;
  }

  /**
   * A writable buffer of this kind's layout with {@code length} bytes remaining, all zero. A
   * read-only kind yields its writable counterpart.
   *
   * @param length the bytes remaining
   * @return the buffer
   */
  public ByteBuffer allocate(int length) {
    return switch (this) {
      case HEAP, READ_ONLY_HEAP -> ByteBuffer.allocate(length);
      case DIRECT, READ_ONLY_DIRECT -> ByteBuffer.allocateDirect(length);
      case SLICED_HEAP -> ByteBuffer.wrap(new byte[length + 2 * PAD], PAD, length).slice();
      case OFFSET_HEAP -> ByteBuffer.wrap(new byte[length + 2 * PAD], PAD, length);
      case SLICED_DIRECT ->
          ByteBuffer.allocateDirect(length + 2 * PAD).position(PAD).limit(PAD + length).slice();
    };
  }

  /**
   * A buffer of this kind whose remaining bytes are {@code content}.
   *
   * @param content the bytes
   * @return the buffer
   */
  public ByteBuffer source(byte[] content) {
    ByteBuffer buffer = allocate(content.length);
    buffer.duplicate().put(content);
    return readOnly ? buffer.asReadOnlyBuffer() : buffer;
  }

  /**
   * A buffer of this kind with {@code length} zero bytes remaining, read-only for those kinds.
   *
   * @param length the bytes remaining
   * @return the buffer
   */
  public ByteBuffer destination(int length) {
    ByteBuffer buffer = allocate(length);
    return readOnly ? buffer.asReadOnlyBuffer() : buffer;
  }

  /**
   * The bytes between a buffer's position and limit, leaving the buffer untouched.
   *
   * @param buffer the buffer
   * @return a copy of its remaining bytes
   */
  public static byte[] remaining(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }

  /**
   * The bytes between {@code from} and a buffer's position, leaving the buffer untouched.
   *
   * @param buffer the buffer
   * @param from the position before the bytes were consumed
   * @return a copy of the consumed bytes
   */
  public static byte[] consumed(ByteBuffer buffer, int from) {
    byte[] bytes = new byte[buffer.position() - from];
    buffer.duplicate().position(from).get(bytes);
    return bytes;
  }
}
