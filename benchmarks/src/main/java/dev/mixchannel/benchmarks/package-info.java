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
 * The benchmark suite of issue 5 and the burst scenario. Not published.
 *
 * <p>Entry points: {@link dev.mixchannel.benchmarks.Suite} (every JMH benchmark, the LLPL
 * cache-flush variant, the heap footprint and the burst scenario, with the ratio tables and the
 * goals), {@link dev.mixchannel.benchmarks.BurstScenario}, {@link
 * dev.mixchannel.benchmarks.HeapFootprint}, and JMH's own main for single benchmarks ({@code java
 * -jar benchmarks/target/benchmarks.jar AppendBenchmark}). How to run them and the latest figures:
 * docs/benchmarks.md.
 */
package dev.mixchannel.benchmarks;
