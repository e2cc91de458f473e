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
/**
 * The operator tool, {@code java -jar mixchannel-tool.jar}: {@code inspect} a PMem pool file,
 * {@code verify} the storage of a configuration, {@code migrate} one key and {@code evacuate} every
 * key to one tier. {@link dev.mixchannel.tool.MixChannelTool} is the entry point and documents the
 * exit codes.
 */
package dev.mixchannel.tool;
