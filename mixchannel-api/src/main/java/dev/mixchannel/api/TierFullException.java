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
package dev.mixchannel.api;

/**
 * A tier has no room for a new key or for a channel to grow. Tiering catches it from a fast tier
 * and moves the channel to the next tier (a spill); a caller sees it only when no tier has room.
 */
public class TierFullException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /** The name of the tier (or pool) that is full. */
  private final String tierName;

  /** The bytes that were asked for. */
  private final long requestedBytes;

  /**
   * Creates the exception.
   *
   * @param tierName the tier or pool that is full
   * @param requestedBytes the bytes that were asked for
   * @param message the full message naming the tier, the request and the resource
   */
  public TierFullException(String tierName, long requestedBytes, String message) {
    super(message);
    this.tierName = tierName;
    this.requestedBytes = requestedBytes;
  }

  /**
   * The tier (or pool) that is full.
   *
   * @return its name
   */
  public String tierName() {
    return tierName;
  }

  /**
   * The bytes that were asked for.
   *
   * @return the request in bytes
   */
  public long requestedBytes() {
    return requestedBytes;
  }
}
