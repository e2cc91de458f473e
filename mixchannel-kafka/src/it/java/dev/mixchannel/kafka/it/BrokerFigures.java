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

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The figures {@link KafkaBenchmark} measured for one broker.
 *
 * @param layout the broker
 * @param values the figures measured (a figure whose phase did not run is absent)
 */
public record BrokerFigures(BrokerLayout layout, Map<BenchmarkFigure, Double> values) {

  /** Copies the values. */
  public BrokerFigures {
    Map<BenchmarkFigure, Double> copy = new EnumMap<>(BenchmarkFigure.class);
    copy.putAll(values);
    values = Collections.unmodifiableMap(copy);
  }

  /**
   * One figure.
   *
   * @param figure the figure
   * @return its value, or NaN when it was not measured
   */
  public double value(BenchmarkFigure figure) {
    return values.getOrDefault(figure, Double.NaN);
  }
}
