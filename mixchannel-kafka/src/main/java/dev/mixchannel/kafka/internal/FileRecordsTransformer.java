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

import java.lang.instrument.Instrumentation;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.Nexus;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.utility.JavaModule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs the advice of every {@link AdvicePoint}: on {@code FileRecords} (segment opens, renames,
 * deletes), on tiered storage's copy task (a segment is made whole in its file before it is
 * uploaded by path) and on {@code MetaPropertiesVersion} (the agent accepts its log-dir mark).
 * Kafka's classes are matched by name in every package they have lived in, so one agent serves
 * Kafka 4.1 to 4.4; no Kafka class is loaded or linked by the agent at install. Each transformation
 * is counted in an {@link AdviceRecord}, which stops the JVM when a required method was not matched
 * exactly once. Stateless.
 */
public final class FileRecordsTransformer {

  /** The fully qualified names {@code FileRecords} has had in Kafka 4.x. */
  public static final List<String> FILE_RECORDS = AdviceTarget.FILE_RECORDS.names();

  /** The fully qualified names of tiered storage's copy task in Kafka 4.x. */
  public static final List<String> RLM_COPY_TASK = AdviceTarget.RLM_COPY_TASK.names();

  private FileRecordsTransformer() {}

  /**
   * Adds the advice, now for classes already loaded and later for classes loaded from now on.
   *
   * @param instrumentation the JVM's instrumentation
   * @param record where the transformations are counted and checked
   */
  public static void install(Instrumentation instrumentation, AdviceRecord record) {
    // AgentBuilder.Default prepares Byte Buddy's Nexus (type initializers injected into loaded
    // classes) eagerly, through sun.misc.Unsafe, which JDK 24 and later warn about and later
    // releases remove. The agent never needs it (disableClassFormatChanges, advice only); the key
    // is the shaded Byte Buddy's own, so no other copy of Byte Buddy in the JVM sees it.
    System.setProperty(Nexus.PROPERTY, Boolean.TRUE.toString());
    AgentBuilder builder =
        new AgentBuilder.Default()
            .disableClassFormatChanges()
            .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
            .with(new Listener(record))
            // By name alone: Byte Buddy's default ignore matcher asks every class the JVM loads
            // whether it is synthetic, which parses its class file; the broker loads thousands.
            // The filter rejects them by name before Byte Buddy sees them at all.
            .ignore(ElementMatchers.not(anyTarget()))
            .with((AgentBuilder.TransformerDecorator) TargetNameFilter::new);
    for (AdviceTarget target : AdviceTarget.values()) {
      builder =
          builder
              .type(named(target))
              .transform(
                  (b, type, loader, module, domain) -> {
                    record.transforming(type.getName());
                    DynamicType.Builder<?> advised = b;
                    for (AdvicePoint point : AdvicePoint.values()) {
                      if (point.target() == target) {
                        advised =
                            advised.visit(Advice.to(point.advice()).on(record.counting(point)));
                      }
                    }
                    return advised;
                  });
    }
    builder.installOn(instrumentation);
  }

  private static ElementMatcher.Junction<TypeDescription> named(AdviceTarget target) {
    return ElementMatchers.namedOneOf(target.names().toArray(String[]::new));
  }

  private static ElementMatcher.Junction<TypeDescription> anyTarget() {
    ElementMatcher.Junction<TypeDescription> any = ElementMatchers.none();
    for (AdviceTarget target : AdviceTarget.values()) {
      any = any.or(named(target));
    }
    return any;
  }

  /** Checks and logs each transformation of an advised class, and every failure. */
  private static final class Listener extends AgentBuilder.Listener.Adapter {
    private final AdviceRecord record;

    Listener(AdviceRecord record) {
      this.record = record;
    }

    @Override
    public void onTransformation(
        TypeDescription type,
        ClassLoader loader,
        JavaModule module,
        boolean loaded,
        DynamicType dynamicType) {
      record.transformed(type.getName()).ifPresent(line -> log().info("{}", line));
    }

    @Override
    public void onError(
        String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
      log().error("MixChannel advice failed: class={}, loader={}", typeName, loader, error);
      record.failed(typeName, error);
    }
  }

  /**
   * The logger, looked up on use: the agent's {@code premain} runs before Kafka configures its
   * logging, and touching the logging framework that early breaks Kafka's own log output.
   */
  private static Logger log() {
    return LoggerFactory.getLogger(FileRecordsTransformer.class);
  }
}
