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
 * The directories a configuration names are not the ones the tier manager wrote last time: a
 * directory it used is missing its marker (a PMem mount that did not come up, so its mount point is
 * an empty directory; a tmpfs pool lost at a reboot; a disk replaced), a pool file is gone, a
 * directory moved from one tier to another, or a directory is no longer configured. Opening the
 * tiers anyway would create empty ones where keys were, so the manager refuses before it opens or
 * creates anything. When the change is intended (data evacuated, or gone for good), an operator
 * accepts the new layout with {@code mixchannel-tool accept-layout <config>}.
 */
public class TierLayoutException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message the full message naming the tier, the directory, what is wrong and what to do
   */
  public TierLayoutException(String message) {
    super(message);
  }
}
