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
