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
package dev.mixchannel.examples;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Draws the demo's samples as a PNG: PMem tier occupancy on top, disk tier and log below. */
final class OccupancyChart {

  private static final int WIDTH_PIXELS = 900;
  private static final int HEIGHT_PIXELS = 560;

  private OccupancyChart() {}

  /**
   * Writes the chart.
   *
   * @param samples the samples, oldest first
   * @param threshold the migration threshold, or -1
   * @param file the PNG file to write
   * @throws IOException when the file cannot be written
   */
  static void write(List<Sample> samples, double threshold, Path file) throws IOException {
    XYSeries pmem = new XYSeries("PMem tier used");
    XYSeries disk = new XYSeries("disk tier used");
    XYSeries log = new XYSeries("log written (total)");
    XYSeries moved = new XYSeries("migrations (total)");
    long capacityBytes = 0;
    for (Sample s : samples) {
      double seconds = s.elapsedNanos() / 1e9;
      pmem.add(seconds, s.pmemUsedBytes() / Units.MIB);
      disk.add(seconds, s.diskUsedBytes() / Units.MIB);
      log.add(seconds, s.producedBytes() / Units.MIB);
      moved.add(seconds, s.migrationsDown() + s.migrationsUp());
      capacityBytes = s.pmemCapacityBytes();
    }
    XYPlot top = plot(new XYSeriesCollection(pmem), "PMem tier (MiB)", Color.RED);
    top.addRangeMarker(marker(capacityBytes / Units.MIB, "capacity", Color.DARK_GRAY));
    if (threshold >= 0) {
      top.addRangeMarker(marker(threshold * capacityBytes / Units.MIB, "threshold", Color.BLUE));
    }
    top.getRangeAxis().setUpperBound(capacityBytes / Units.MIB * 1.08);
    XYSeriesCollection lower = new XYSeriesCollection(disk);
    lower.addSeries(log);
    XYPlot middle = plot(lower, "MiB", new Color(0, 120, 0));
    middle.getRenderer().setSeriesPaint(1, Color.GRAY);
    XYPlot bottom = plot(new XYSeriesCollection(moved), "migrations", new Color(120, 60, 0));

    CombinedDomainXYPlot combined = new CombinedDomainXYPlot(new NumberAxis("seconds"));
    combined.setGap(12);
    combined.add(top, 3);
    combined.add(middle, 2);
    combined.add(bottom, 1);
    JFreeChart chart =
        new JFreeChart(
            "MixChannel demo: tier occupancy over time",
            new Font(Font.SANS_SERIF, Font.BOLD, 16),
            combined,
            true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH_PIXELS, HEIGHT_PIXELS);
  }

  private static XYPlot plot(XYSeriesCollection data, String axisLabel, Color color) {
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    renderer.setSeriesPaint(0, color);
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    NumberAxis axis = new NumberAxis(axisLabel);
    axis.setAutoRangeIncludesZero(true);
    XYPlot plot = new XYPlot(data, null, axis, renderer);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    return plot;
  }

  private static ValueMarker marker(double value, String label, Color color) {
    ValueMarker marker =
        new ValueMarker(
            value,
            color,
            new BasicStroke(
                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
    marker.setLabel(label);
    marker.setLabelPaint(color);
    marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
    marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
    return marker;
  }
}
