// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.looptrace.scanner.ScanRecord;

/**
 * The values of one label drawn with SWT's GC ({@link ChartValues}: durations for timestamps, with
 * their unit): as a histogram (how many values fall in each of equal value ranges) or as a series
 * over occurrences (each value in scan order; when there are more values than pixels, each pixel
 * column shows the range of its values).
 */
final class ScanChart extends Canvas {

	/** What the chart shows. */
	enum Kind {
		HISTOGRAM, SERIES
	}

	private static final int MARGIN = 8;
	private static final int MAX_BINS = 40;
	/** Between the x axis and its values, and between its values and its title. */
	private static final int LABEL_GAP = 2;
	private static final String ELLIPSIS = "\u2026";

	private ChartValues shown = ChartValues.of(null, List.of());
	private long[] values = new long[0];
	private int records;
	private String title = "";
	private Kind kind = Kind.HISTOGRAM;

	ScanChart(Composite parent) {
		super(parent, SWT.DOUBLE_BUFFERED);
		setBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND));
		addPaintListener(event -> paint(event.gc));
	}

	/** Shows the records of one label, whose annotation reads {@code attribute} (null when not known). */
	void setRecords(String label, @Nullable String attribute, List<ScanRecord> records) {
		shown = ChartValues.of(attribute, records);
		values = shown.values();
		this.records = records.size();
		title = label;
		redraw();
	}

	/** What the chart draws (for the tests). */
	ChartValues shown() {
		return shown;
	}

	void setKind(Kind kind) {
		this.kind = kind;
		redraw();
	}

	/** The counts of the histogram's bins (equal ranges from the least value to the greatest). */
	static long[] histogram(long[] values, int bins) {
		long[] counts = new long[bins];
		if (values.length == 0) {
			return counts;
		}
		long min = Long.MAX_VALUE;
		long max = Long.MIN_VALUE;
		for (long value : values) {
			min = Math.min(min, value);
			max = Math.max(max, value);
		}
		double width = ((double) max - min + 1) / bins;
		for (long value : values) {
			counts[(int) Math.min(bins - 1, (long) ((value - (double) min) / width))]++;
		}
		return counts;
	}

	/** As many bins as distinct values up to {@link #MAX_BINS}, fewer for few records. */
	static int bins(long[] values) {
		long distinct = Arrays.stream(values).distinct().limit(MAX_BINS).count();
		return (int) Math.max(1, Math.min(distinct, Math.max(1, (long) Math.ceil(Math.sqrt(values.length) * 2))));
	}

	private void paint(GC gc) {
		Rectangle area = getClientArea();
		Color foreground = getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND);
		Color bars = getDisplay().getSystemColor(SWT.COLOR_LIST_SELECTION);
		gc.setForeground(foreground);
		gc.setAntialias(SWT.ON);
		if (values.length == 0) {
			gc.drawString(records == 0 ? Messages.ScanChart_empty : NLS.bind(Messages.ScanChart_nothingToDraw, shown.axis()), MARGIN, MARGIN, true);
			return;
		}
		long min = Arrays.stream(values).min().orElse(0);
		long max = Arrays.stream(values).max().orElse(0);
		String heading = NLS.bind(kind == Kind.HISTOGRAM ? Messages.ScanChart_histogramTitle : Messages.ScanChart_seriesTitle,
				new Object[] { title, records, shown.axis() });
		long[] counts = kind == Kind.HISTOGRAM ? histogram(values, bins(values)) : new long[0];
		long most = Arrays.stream(counts).max().orElse(1);
		String low = kind == Kind.HISTOGRAM ? "0" : shown.text(min);
		String high = kind == Kind.HISTOGRAM ? Long.toString(most) : shown.text(max);
		gc.drawString(shortened(gc, heading, area.width - 2 * MARGIN), MARGIN, MARGIN, true);
		Rectangle plot = plot(gc, area, low, high);
		if (plot == null) {
			return;
		}
		int left = plot.x;
		int top = plot.y;
		int bottom = plot.y + plot.height;
		int right = plot.x + plot.width;
		gc.drawLine(left, top, left, bottom);
		gc.drawLine(left, bottom, right, bottom);
		yLabels(gc, left, top, bottom, low, high);
		if (kind == Kind.HISTOGRAM) {
			xAxis(gc, plot, shown.text(min), shown.text(max), shown.axis()).draw(gc);
			double width = (double) (right - left - 1) / counts.length;
			gc.setBackground(bars);
			for (int i = 0; i < counts.length; i++) {
				int height = (int) Math.round((double) counts[i] * (bottom - top) / Math.max(1, most));
				int x = left + 1 + (int) Math.round(i * width);
				int w = Math.max(1, (int) Math.round((i + 1) * width) - (int) Math.round(i * width) - 1);
				gc.fillRectangle(x, bottom - height, w, height);
			}
		} else {
			xAxis(gc, plot, "0", Integer.toString(values.length - 1), Messages.ScanChart_occurrence).draw(gc);
			gc.setForeground(bars);
			gc.setLineWidth(1);
			double span = Math.max(1, (double) max - min);
			int columns = right - left - 1;
			if (values.length <= columns) {
				int[] points = new int[values.length * 2];
				for (int i = 0; i < values.length; i++) {
					points[2 * i] = left + 1 + (values.length == 1 ? 0 : (int) Math.round((double) i * (columns - 1) / (values.length - 1)));
					points[2 * i + 1] = bottom - (int) Math.round((values[i] - min) / span * (bottom - top));
				}
				gc.drawPolyline(points);
			} else {
				for (int column = 0; column < columns; column++) {
					int from = (int) ((long) column * values.length / columns);
					int to = (int) ((long) (column + 1) * values.length / columns);
					long least = Long.MAX_VALUE;
					long greatest = Long.MIN_VALUE;
					for (int i = from; i < Math.max(from + 1, to); i++) {
						least = Math.min(least, values[i]);
						greatest = Math.max(greatest, values[i]);
					}
					gc.drawLine(left + 1 + column, bottom - (int) Math.round((least - min) / span * (bottom - top)), left + 1 + column,
							bottom - (int) Math.round((greatest - min) / span * (bottom - top)));
				}
			}
		}
	}

	private static void yLabels(GC gc, int left, int top, int bottom, String low, String high) {
		Point highSize = gc.textExtent(high);
		gc.drawString(high, left - MARGIN / 2 - highSize.x, top, true);
		Point lowSize = gc.textExtent(low);
		gc.drawString(low, left - MARGIN / 2 - lowSize.x, bottom - lowSize.y, true);
	}

	/**
	 * The rectangle of the axes in the client area: below the heading, right of the y axis's labels
	 * {@code low} and {@code high}, above the two lines of the x axis (its least and greatest values,
	 * then its title); null when too small to draw in without texts overlapping.
	 */
	static @Nullable Rectangle plot(GC gc, Rectangle area, String low, String high) {
		int line = gc.getFontMetrics().getHeight();
		int left = MARGIN + Math.max(gc.textExtent(low).x, gc.textExtent(high).x) + MARGIN;
		int top = MARGIN + line + MARGIN;
		int bottom = area.height - MARGIN - 2 * (line + LABEL_GAP);
		int right = area.width - MARGIN;
		// two lines high at least: the y axis's labels, at its ends, must not overlap either
		return right - left < 20 || bottom - top < Math.max(20, 2 * line + LABEL_GAP) ? null : new Rectangle(left, top, right - left, bottom - top);
	}

	/** A text and where it is drawn. */
	record PlacedText(String text, Rectangle bounds) {
	}

	/** The texts of the x axis: its least and greatest values (the greatest left out when there is no room for both), then its title. */
	record XAxis(PlacedText low, @Nullable PlacedText high, PlacedText title) {

		void draw(GC gc) {
			for (PlacedText label : new PlacedText[] { low, high, title }) {
				if (label != null) {
					gc.drawString(label.text(), label.bounds().x, label.bounds().y, true);
				}
			}
		}
	}

	/**
	 * Lays out the x axis below {@code plot}: the least value at its left end and the greatest at its
	 * right end on the first line, the title centred on the line below (shortened to the plot's
	 * width), so that none overlaps another however narrow the view.
	 */
	static XAxis xAxis(GC gc, Rectangle plot, String low, String high, String title) {
		int ticks = plot.y + plot.height + LABEL_GAP;
		Point lowSize = gc.textExtent(low);
		PlacedText lowLabel = new PlacedText(low, new Rectangle(plot.x, ticks, lowSize.x, lowSize.y));
		Point highSize = gc.textExtent(high);
		int highX = plot.x + plot.width - highSize.x;
		PlacedText highLabel = highX >= plot.x + lowSize.x + MARGIN ? new PlacedText(high, new Rectangle(highX, ticks, highSize.x, highSize.y)) : null;
		String text = shortened(gc, title, plot.width);
		Point titleSize = gc.textExtent(text);
		PlacedText titleLabel = new PlacedText(text, new Rectangle(plot.x + (plot.width - titleSize.x) / 2, ticks + lowSize.y + LABEL_GAP, titleSize.x, titleSize.y));
		return new XAxis(lowLabel, highLabel, titleLabel);
	}

	/** The text, cut and ended with an ellipsis when wider than {@code width}. */
	static String shortened(GC gc, String text, int width) {
		if (gc.textExtent(text).x <= width) {
			return text;
		}
		for (int end = text.length() - 1; end > 0; end--) {
			String cut = text.substring(0, end).stripTrailing() + ELLIPSIS;
			if (gc.textExtent(cut).x <= width) {
				return cut;
			}
		}
		return ELLIPSIS;
	}
}
