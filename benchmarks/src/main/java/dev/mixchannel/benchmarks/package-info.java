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
