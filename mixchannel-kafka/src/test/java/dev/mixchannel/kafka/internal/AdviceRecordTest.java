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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.modifier.Ownership;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.implementation.StubMethod;
import net.bytebuddy.matcher.ElementMatcher;
import org.junit.jupiter.api.Test;

/**
 * The advice count: a class whose required methods each match once is advised and logged; a changed
 * class (a method gone, or two that match) stops the JVM with the reason.
 */
class AdviceRecordTest {

  private static final String FILE_RECORDS = AdviceTarget.FILE_RECORDS.names().get(1);

  private final List<String> stops = new ArrayList<>();
  private final AdviceRecord record = new AdviceRecord("0.1.0", "4.4.0", stops::add);

  @Test
  void shouldCountEachRequiredMethodOnceWhenClassIsAsTested() {
    transform(fileRecords(true, false));

    assertThat(stops).isEmpty();
    assertThat(record.advised()).containsExactly(AdviceTarget.FILE_RECORDS);
  }

  @Test
  void shouldStopJvmWhenRequiredMethodIsMissingFromChangedClass() {
    transform(fileRecords(false, false));

    assertThat(stops)
        .singleElement()
        .asString()
        .contains("FileRecords.deleteIfExists matched 0")
        .contains("Kafka 4.4.0")
        .contains("not one the agent was built for");
    assertThat(record.advised()).isEmpty();
  }

  @Test
  void shouldStopJvmWhenRequiredMethodMatchesTwice() {
    transform(fileRecords(true, true));

    assertThat(stops).singleElement().asString().contains("FileRecords.renameTo matched 2");
  }

  @Test
  void shouldStopJvmWhenTransformationOfAdvisedClassFails() {
    record.failed(FILE_RECORDS, new IllegalStateException("verify error"));
    record.failed("org.example.Other", new IllegalStateException("not ours"));

    assertThat(stops).singleElement().asString().contains("verify error");
  }

  /** What the transformer does: reset, match every declared method, check. */
  private void transform(TypeDescription type) {
    record.transforming(type.getName());
    for (AdvicePoint point : AdvicePoint.values()) {
      ElementMatcher<MethodDescription> counting = record.counting(point);
      if (point.target() == AdviceTarget.FILE_RECORDS) {
        type.getDeclaredMethods().forEach(counting::matches);
      }
    }
    record.transformed(type.getName());
  }

  /** A {@code FileRecords} as Kafka 4.3+ has it, optionally changed. */
  private static TypeDescription fileRecords(boolean withDelete, boolean twoRenames) {
    DynamicType.Builder<Object> builder =
        new ByteBuddy()
            .subclass(Object.class)
            .name(FILE_RECORDS)
            .defineMethod("openChannel", FileChannel.class, Visibility.PRIVATE, Ownership.STATIC)
            .withParameters(File.class, boolean.class, boolean.class, int.class, boolean.class)
            .intercept(FixedValue.nullValue())
            .defineMethod("renameTo", void.class, Visibility.PUBLIC)
            .withParameters(File.class)
            .intercept(StubMethod.INSTANCE)
            .defineMethod("updateParentDir", void.class, Visibility.PUBLIC)
            .withParameters(File.class)
            .intercept(StubMethod.INSTANCE);
    if (withDelete) {
      builder =
          builder
              .defineMethod("deleteIfExists", boolean.class, Visibility.PUBLIC)
              .intercept(FixedValue.value(true));
    }
    if (twoRenames) {
      builder =
          builder
              .defineMethod("renameTo", boolean.class, Visibility.PUBLIC)
              .withParameters(File.class)
              .intercept(FixedValue.value(true));
    }
    return builder.make().getTypeDescription();
  }
}
