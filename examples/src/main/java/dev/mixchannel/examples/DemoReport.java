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
package dev.mixchannel.examples;

import dev.mixchannel.tiering.MixChannelStats;

/**
 * What one demo run measured.
 *
 * @param runNanos wall time of the run
 * @param records records the producer appended
 * @param bytes bytes the producer appended, headers included
 * @param bursts bursts the producer wrote
 * @param burstNanos time the producer spent writing bursts
 * @param segmentsDeleted segments retention deleted
 * @param consumed records the consumer read back while the producer ran
 * @param consumerFailures checksum failures the consumer saw
 * @param replayed records read again from the start of the log at the end
 * @param replayedBytes bytes read again at the end
 * @param replayFailures checksum failures of the second read
 * @param stats the tier manager's stats at the end
 * @param chart the chart's path, or why it was not written
 * @param failure what went wrong, or null
 */
record DemoReport(
    long runNanos,
    long records,
    long bytes,
    long bursts,
    long burstNanos,
    long segmentsDeleted,
    long consumed,
    long consumerFailures,
    long replayed,
    long replayedBytes,
    long replayFailures,
    MixChannelStats stats,
    String chart,
    String failure) {

  /**
   * Whether every record came back intact.
   *
   * @return no failure, no checksum failure, and the consumer read every record
   */
  boolean intact() {
    return failure == null && consumerFailures == 0 && replayFailures == 0 && consumed == records;
  }
}
