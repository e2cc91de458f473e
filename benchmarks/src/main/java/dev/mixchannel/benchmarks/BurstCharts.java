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
package dev.mixchannel.benchmarks;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The burst scenario's two PNG charts, drawn with JFreeChart. */
final class BurstCharts {

  static final int WIDTH_PIXELS = 760;
  static final int HEIGHT_PIXELS = 380;
  private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 14);

  private BurstCharts() {}

  /** Producer throughput over time, both runs on one chart. */
  static void throughput(List<BurstRun> runs, BurstOptions o, Path file) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    for (BurstRun run : runs) {
      XYSeries series =
          new XYSeries(
              run.name.equals("tiered")
                  ? "tiered: PMem " + gib(o.capacityBytes) + " over " + o.coldLabel()
                  : "cold only: " + o.coldLabel());
      for (BurstRun.Sample s : run.samples) {
        series.add(s.seconds(), s.mbPerSecond());
      }
      data.addSeries(series);
    }
    XYPlot plot = plot(data, "producer MB/s (mean per sample)", Color.RED, new Color(0, 90, 200));
    StringBuilder bursts = new StringBuilder("MB/s while bursting:");
    for (BurstRun run : runs) {
      bursts.append("  ").append(run.name);
      for (BurstRun.Burst b : run.bursts) {
        bursts.append(String.format(Locale.ROOT, " %,.0f", b.mbPerSecond()));
      }
    }
    writeWithSubtitle(
        bursts.toString(),
        String.format(
            Locale.ROOT,
            "Producer throughput: %d bursts of %s, %d s gaps (%s)",
            o.bursts,
            gib(o.burstBytes),
            o.gapMillis / 1000,
            o.coldLabel()),
        plot,
        file);
  }

  /** The PMem tier's occupancy in the tiered run, with the threshold line. */
  static void occupancy(BurstRun tiered, BurstOptions o, Path file) throws IOException {
    XYSeries used = new XYSeries("PMem tier used (%)");
    XYSeries migration = new XYSeries("migration to the cold tier (MB/s / 10)");
    for (BurstRun.Sample s : tiered.samples) {
      used.add(s.seconds(), 100.0 * s.hotUsedBytes() / Math.max(1, s.hotCapacityBytes()));
      migration.add(s.seconds(), s.migrationMbPerSecond() / 10);
    }
    XYSeriesCollection data = new XYSeriesCollection(used);
    data.addSeries(migration);
    XYPlot plot = plot(data, "percent of capacity", Color.RED, Color.GRAY);
    plot.getRangeAxis().setRange(0, 105);
    ValueMarker threshold = new ValueMarker(100 * o.threshold);
    threshold.setPaint(Color.BLUE);
    threshold.setStroke(
        new BasicStroke(
            1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1, new float[] {6, 4}, 0));
    threshold.setLabel(String.format(Locale.ROOT, "threshold %.0f%%", 100 * o.threshold));
    threshold.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
    threshold.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
    plot.addRangeMarker(threshold);
    write(
        String.format(
            Locale.ROOT,
            "PMem tier occupancy (capacity %s, cold tier: %s)",
            gib(o.capacityBytes),
            o.coldLabel()),
        plot,
        file);
  }

  private static XYPlot plot(XYSeriesCollection data, String axisLabel, Color first, Color second) {
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    renderer.setSeriesPaint(0, first);
    renderer.setSeriesPaint(1, second);
    renderer.setSeriesStroke(0, new BasicStroke(2f));
    renderer.setSeriesStroke(1, new BasicStroke(2f));
    XYPlot plot =
        new XYPlot(
            data,
            new NumberAxis("seconds since the first burst"),
            new NumberAxis(axisLabel),
            renderer);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    return plot;
  }

  private static void write(String title, XYPlot plot, Path file) throws IOException {
    writeWithSubtitle(null, title, plot, file);
  }

  private static void writeWithSubtitle(String subtitle, String title, XYPlot plot, Path file)
      throws IOException {
    JFreeChart chart = new JFreeChart(title, TITLE, plot, true);
    if (subtitle != null) {
      chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
    }
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH_PIXELS, HEIGHT_PIXELS);
  }

  private static String gib(long bytes) {
    return bytes >= (1L << 30) && bytes % (1L << 30) == 0
        ? (bytes >> 30) + " GiB"
        : String.format(Locale.ROOT, "%.0f MiB", bytes / (double) (1L << 20));
  }
}
