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
package dev.mixchannel.kafka.internal;

import java.util.List;

/** A Kafka class the agent advises, by every name it has had in Kafka 4.1 to 4.4. */
public enum AdviceTarget {
  /** {@code FileRecords}: segment opens, renames and deletes. */
  FILE_RECORDS(
      "FileRecords",
      List.of(
          "org.apache.kafka.common.record.FileRecords",
          "org.apache.kafka.common.record.internal.FileRecords")),
  /** Tiered storage's copy task, which uploads a segment by path. */
  RLM_COPY_TASK(
      "RLMCopyTask",
      List.of(
          "org.apache.kafka.server.log.remote.storage.RemoteLogManager$RLMCopyTask",
          "kafka.log.remote.RemoteLogManager$RLMCopyTask")),
  /**
   * The parser of a log dir's {@code meta.properties} version, where the agent accepts its mark.
   */
  META_PROPERTIES_VERSION(
      "MetaPropertiesVersion",
      List.of("org.apache.kafka.metadata.properties.MetaPropertiesVersion"));

  private final String shortName;
  private final List<String> names;

  AdviceTarget(String shortName, List<String> names) {
    this.shortName = shortName;
    this.names = names;
  }

  /**
   * The class's simple name, for messages.
   *
   * @return the name
   */
  public String shortName() {
    return shortName;
  }

  /**
   * The fully qualified names the class has had.
   *
   * @return the names
   */
  public List<String> names() {
    return names;
  }

  /**
   * The target a class name belongs to.
   *
   * @param typeName a fully qualified class name
   * @return the target, or {@code null}
   */
  static AdviceTarget of(String typeName) {
    for (AdviceTarget target : values()) {
      if (target.names.contains(typeName)) {
        return target;
      }
    }
    return null;
  }
}
