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
package dev.mixchannel.kafka.it;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The child JVM of {@link AgentClassLoadBenchmark}: loads (without initialising) every Kafka class
 * of the broker's jars, as a broker's start does for the classes it uses, and prints one line
 * {@code loaded=<n> of=<m> millis=<t>}. Classes that cannot be loaded (optional dependencies
 * missing) are counted out, the same in both runs.
 */
public final class ClassLoadProbe {

  private ClassLoadProbe() {}

  /**
   * Loads the classes and prints the line.
   *
   * @param args the directory of the broker's jars
   * @throws IOException when a jar cannot be read
   */
  public static void main(String[] args) throws IOException {
    List<String> names = kafkaClasses(Path.of(args[0]));
    ClassLoader loader = ClassLoadProbe.class.getClassLoader();
    int loaded = 0;
    long start = System.nanoTime();
    for (String name : names) {
      try {
        Class.forName(name, false, loader);
        loaded++;
      } catch (ClassNotFoundException | LinkageError e) {
        // An optional dependency of that class is not on the broker's class path.
      }
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    System.out.println("loaded=" + loaded + " of=" + names.size() + " millis=" + millis);
  }

  private static List<String> kafkaClasses(Path libs) throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(libs, "*.jar")) {
      for (Path jar : jars) {
        try (JarFile file = new JarFile(jar.toFile())) {
          for (JarEntry entry : Collections.list(file.entries())) {
            String name = entry.getName();
            if (name.endsWith(".class")
                && !name.contains("-")
                && (name.startsWith("org/apache/kafka/") || name.startsWith("kafka/"))) {
              names.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
            }
          }
        }
      }
    }
    Collections.sort(names);
    return names;
  }
}
