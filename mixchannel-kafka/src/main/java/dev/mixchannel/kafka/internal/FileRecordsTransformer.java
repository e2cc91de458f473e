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

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs the advice on {@code FileRecords} (segment opens, renames, deletes) and on tiered
 * storage's copy task (a segment is made whole in its file before it is uploaded by path). Kafka's
 * classes are matched by name in every package they have lived in, so one agent serves Kafka 4.1 to
 * 4.4; no Kafka class is loaded or linked by the agent. Stateless.
 */
public final class FileRecordsTransformer {

  /** The fully qualified names {@code FileRecords} has had in Kafka 4.x. */
  public static final List<String> FILE_RECORDS =
      List.of(
          "org.apache.kafka.common.record.FileRecords",
          "org.apache.kafka.common.record.internal.FileRecords");

  /** The fully qualified names of tiered storage's copy task in Kafka 4.x. */
  public static final List<String> RLM_COPY_TASK =
      List.of(
          "org.apache.kafka.server.log.remote.storage.RemoteLogManager$RLMCopyTask",
          "kafka.log.remote.RemoteLogManager$RLMCopyTask");

  private FileRecordsTransformer() {}

  /**
   * Adds the advice to {@code FileRecords}, now for classes already loaded and later for classes
   * loaded from now on.
   *
   * @param instrumentation the JVM's instrumentation
   */
  public static void install(Instrumentation instrumentation) {
    new AgentBuilder.Default()
        .disableClassFormatChanges()
        .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
        .with(new Listener())
        .type(named(FILE_RECORDS.get(0)).or(named(FILE_RECORDS.get(1))))
        .transform(
            (builder, type, loader, module, domain) ->
                builder
                    .visit(
                        Advice.to(OpenChannelAdvice.class)
                            .on(named("openChannel").and(isStatic()).and(takesArguments(5))))
                    .visit(
                        Advice.to(RenameToAdvice.class)
                            .on(named("renameTo").and(takesArguments(File.class))))
                    .visit(
                        Advice.to(UpdateParentDirAdvice.class)
                            .on(named("updateParentDir").and(takesArguments(File.class))))
                    .visit(
                        Advice.to(DeleteIfExistsAdvice.class)
                            .on(named("deleteIfExists").and(takesArguments(0)))))
        .type(named(RLM_COPY_TASK.get(0)).or(named(RLM_COPY_TASK.get(1))))
        .transform(
            (builder, type, loader, module, domain) ->
                builder.visit(
                    Advice.to(RemoteCopyAdvice.class)
                        .on(named("copyLogSegment").and(takesArguments(4)))))
        .installOn(instrumentation);
  }

  /** Logs each transformation of {@code FileRecords} and every failure. */
  private static final class Listener extends AgentBuilder.Listener.Adapter {

    @Override
    public void onTransformation(
        TypeDescription type,
        ClassLoader loader,
        JavaModule module,
        boolean loaded,
        DynamicType dynamicType) {
      log().info("MixChannel advice added to {} (class loader {})", type.getName(), loader);
    }

    @Override
    public void onError(
        String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
      log().error("MixChannel advice failed: class={}, loader={}", typeName, loader, error);
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
