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

import java.io.IOException;

/**
 * A demo thread's body: runs {@link #work()} once on the log and keeps what it threw for the main
 * thread to report. An interrupt ends the work and stays set on the thread. It counts the records
 * the work appended or read; only the worker's thread counts, the monitor reads the counts.
 */
abstract class DemoWorker implements Runnable {

  private final SegmentedLog log;
  private volatile Exception failure;
  private volatile long records;
  private volatile long bytes;

  /**
   * A worker on a log.
   *
   * @param log the log it appends to or reads
   */
  DemoWorker(SegmentedLog log) {
    this.log = log;
  }

  /**
   * The log the work runs on.
   *
   * @return the log
   */
  final SegmentedLog log() {
    return log;
  }

  /**
   * Counts one record, from the worker's thread.
   *
   * @param recordBytes the record's bytes in the log, header included
   */
  final void countRecord(long recordBytes) {
    records++;
    bytes += recordBytes;
  }

  /**
   * The records counted so far.
   *
   * @return the count
   */
  final long records() {
    return records;
  }

  /**
   * The bytes of the records counted so far, headers included.
   *
   * @return the bytes
   */
  final long bytes() {
    return bytes;
  }

  /**
   * The work: producing or consuming until the demo ends.
   *
   * @throws IOException when the log fails
   * @throws InterruptedException when the thread is interrupted
   */
  abstract void work() throws IOException, InterruptedException;

  @Override
  public final void run() {
    try {
      work();
    } catch (IOException | RuntimeException e) {
      failure = e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * What the work threw.
   *
   * @return the failure, or null while none
   */
  final Exception failure() {
    return failure;
  }
}
