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

import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.Set;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/**
 * Hands Byte Buddy's transformer only the classes the agent advises, chosen by the internal name
 * the JVM passes ({@code org/apache/kafka/...}); every other class the broker loads returns at once
 * with no transformation. Without it, Byte Buddy describes each of the thousands of classes a
 * broker loads before its matchers reject it (AgentClassLoadBenchmark in the Kafka it sources
 * measures the difference). Only the module-aware {@code transform} is overridden: it is the one
 * the JVM calls from Java 9 on; the other keeps {@code ClassFileTransformer}'s default (no
 * transformation). Stateless apart from the set of names.
 */
final class TargetNameFilter extends ResettableClassFileTransformer.WithDelegation {
  private final Set<String> internalNames = new HashSet<>();

  TargetNameFilter(ResettableClassFileTransformer transformer) {
    super(transformer);
    for (AdviceTarget target : AdviceTarget.values()) {
      for (String name : target.names()) {
        internalNames.add(name.replace('.', '/'));
      }
    }
  }

  private boolean advised(String internalName) {
    return internalName != null && internalNames.contains(internalName);
  }

  @Override
  public byte[] transform(
      Module module,
      ClassLoader loader,
      String internalName,
      Class<?> redefined,
      ProtectionDomain domain,
      byte[] classFile)
      throws IllegalClassFormatException {
    return advised(internalName)
        ? classFileTransformer.transform(module, loader, internalName, redefined, domain, classFile)
        : null;
  }
}
