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

import java.nio.file.Path;
import java.time.Duration;

/**
 * What the demo runs with, after the command line is checked.
 *
 * @param pmemBase the directory the PMem tier's fresh sub-directory is made in
 * @param pmemBaseChosen whether the user chose {@code pmemBase} (else it is the default)
 * @param diskBase the directory the disk tier's fresh sub-directory is made in
 * @param capacityBytes the PMem tier's capacity
 * @param threshold the migration threshold, or -1 for none
 * @param duration how long the producer runs
 * @param burstBytes bytes per producer burst
 * @param segmentBytes the size at which the log rolls
 * @param retentionBytes log bytes kept; older, consumed segments are deleted
 * @param chart the PNG chart file
 * @param keep whether to keep the data directories
 */
record DemoSettings(
    Path pmemBase,
    boolean pmemBaseChosen,
    Path diskBase,
    long capacityBytes,
    double threshold,
    Duration duration,
    long burstBytes,
    long segmentBytes,
    long retentionBytes,
    Path chart,
    boolean keep) {}
