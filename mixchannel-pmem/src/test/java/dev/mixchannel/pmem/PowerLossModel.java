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
package dev.mixchannel.pmem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The power-loss workload's expectations: files, the names bound to them, and the operations in
 * flight. Every operation is reported before its first store ({@code begin*}) and after it returns
 * ({@code end*}); an image captured in between accepts both outcomes. Bytes a force saw when it
 * started are required once it returned; a write or truncate started since only widens what is
 * accepted. Namespace operations (create, rename, delete) are durable when they return.
 *
 * <p>Thread-safe: every method holds this object's monitor, and a capture that holds it too (see
 * {@link PowerLossRecorder}) sees the model and the memory at one moment.
 */
final class PowerLossModel {

  private final List<PowerLossFile> files = new ArrayList<>();
  private final Map<String, Integer> names = new HashMap<>();
  private Map<String, Integer> pendingNames;
  private String pendingDescription;
  private final List<Force> forces = new ArrayList<>();
  private long clock;

  /** A force in flight: what it saw when it started. */
  record Force(PowerLossFile file, PowerLossFile.Capture capture) {}

  /**
   * Starts creating a key as a new file.
   *
   * @return the new file's number
   * @throws IllegalStateException when the patterns are used up
   */
  synchronized int beginCreate(String name, long preallocatedBytes) {
    if (files.size() >= PowerLossPattern.MAX_FILES) {
      throw new IllegalStateException("power-loss workload out of file patterns: " + files.size());
    }
    PowerLossFile f = new PowerLossFile(files.size(), name, preallocatedBytes);
    files.add(f);
    pendingNames = new HashMap<>(names);
    pendingNames.put(name, f.number);
    pendingDescription = "create " + name + " as file #" + f.number;
    clock++;
    return f.number;
  }

  synchronized void beginRename(String from, String to) {
    pendingNames = new HashMap<>(names);
    pendingNames.put(to, pendingNames.remove(from));
    pendingDescription = "rename " + from + " -> " + to;
    clock++;
  }

  synchronized void beginDelete(String name) {
    pendingNames = new HashMap<>(names);
    pendingNames.remove(name);
    pendingDescription = "delete " + name;
    clock++;
  }

  /** Ends the namespace operation in flight: its effect when {@code done}, none otherwise. */
  synchronized void endNamespace(boolean done) {
    if (done) {
      for (Map.Entry<String, Integer> e : names.entrySet()) {
        if (!e.getValue().equals(pendingNames.get(e.getKey()))) {
          file(e.getValue()).note(pendingDescription);
        }
      }
      names.clear();
      names.putAll(pendingNames);
    }
    pendingNames = null;
    pendingDescription = null;
    clock++;
  }

  synchronized PowerLossFile.Op beginWrite(int file, long position, long length) {
    clock++;
    return file(file)
        .beginWrite(
            position, length, "write file #" + file + " [" + position + ", +" + length + ")");
  }

  synchronized void endWrite(int file, PowerLossFile.Op op, long written) {
    file(file).endWrite(op, written, ++clock);
  }

  synchronized PowerLossFile.Op beginTruncate(int file, long newSize) {
    clock++;
    return file(file).beginTruncate(newSize, "truncate file #" + file + " to " + newSize);
  }

  synchronized void endTruncate(int file, PowerLossFile.Op op, boolean done) {
    file(file).endTruncate(op, done, ++clock);
  }

  synchronized Force beginForce(int file) {
    PowerLossFile f = file(file);
    Force force = new Force(f, f.capture(++clock));
    forces.add(force);
    return force;
  }

  /** A force returned: what it saw is durable. */
  synchronized void endForce(Force force) {
    clock++;
    forces.remove(force);
    force.file().forced(force.capture());
  }

  /** A force failed: it guarantees nothing. */
  synchronized void abandonForce(Force force) {
    clock++;
    forces.remove(force);
  }

  /** The size the completed operations gave a file. */
  synchronized long sizeOf(int file) {
    return file(file).sizeBytes();
  }

  /** The file a name is bound to, or -1. */
  synchronized int fileOf(String name) {
    Integer f = names.get(name);
    return f == null ? -1 : f;
  }

  /** How many files were created. */
  synchronized int fileCount() {
    return files.size();
  }

  /** A file's number and history, for reports. */
  synchronized String describe(int file) {
    return file >= 0 && file < files.size() ? file(file).describe() : "no file #" + file;
  }

  /** What an image captured now must and may show. */
  synchronized PowerLossExpectation expectation() {
    Map<String, Integer> after = pendingNames == null ? names : pendingNames;
    Map<String, PowerLossExpectation.Key> keys = new TreeMap<>();
    Map<Integer, PowerLossExpectation.File> byFile = new HashMap<>();
    for (String name : union(names, after)) {
      List<PowerLossExpectation.File> candidates = new ArrayList<>();
      for (Integer f : new Integer[] {names.get(name), after.get(name)}) {
        if (f != null && candidates.stream().noneMatch(c -> c.number() == f)) {
          candidates.add(byFile.computeIfAbsent(f, n -> file(n).expectation()));
        }
      }
      boolean must = names.containsKey(name) && after.containsKey(name);
      keys.put(name, new PowerLossExpectation.Key(name, must, List.copyOf(candidates)));
    }
    List<String> inFlight = new ArrayList<>();
    if (pendingDescription != null) {
      inFlight.add(pendingDescription);
    }
    files.forEach(f -> f.inFlight(inFlight));
    forces.forEach(f -> inFlight.add("force file #" + f.file().number));
    return new PowerLossExpectation(keys, List.copyOf(inFlight));
  }

  private static List<String> union(Map<String, Integer> a, Map<String, Integer> b) {
    List<String> all = new ArrayList<>(a.keySet());
    b.keySet().stream().filter(k -> !a.containsKey(k)).forEach(all::add);
    return all;
  }

  private PowerLossFile file(int number) {
    return files.get(number);
  }
}
