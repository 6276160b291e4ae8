// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.text.NumberFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;

/**
 * The heat map: a row per sending rank, a column per receiving rank, each cell coloured by its
 * messages (or bytes) on a logarithmic scale and labelled with its value when the value fits;
 * the row sums in a last column, the column sums in a last row, rank labels on the left and on top
 * (every n-th when they do not all fit). Cells shrink to fit the view; only the pairs that talk are
 * painted, so runs of thousands of ranks stay quick. The tooltip names the cell under the mouse.
 */
final class MatrixCanvas extends Canvas {

	private static final int MARGIN = 8;
	private static final int PAD = 4;
	private static final int GAP = 6;
	private static final int MAX_CELL = 56;
	/** The light, middle and dark colours of the heat scale (ColorBrewer's YlOrRd). */
	private static final RGB[] HEAT = { new RGB(255, 237, 160), new RGB(253, 141, 60), new RGB(189, 0, 38) };
	private static final Color WHITE = new Color(new RGB(255, 255, 255));
	private static final Color BLACK = new Color(new RGB(0, 0, 0));

	private @Nullable MatrixData data;
	private boolean bytes;
	/** Where the grid is drawn: computed for the current data and size, null until needed. */
	private @Nullable Layout layout;

	/** The geometry of one paint: grid origin, cell size and the ranks of the rows and columns. */
	private record Layout(int x, int y, int cell, int labelWidth, int sumWidth, int sumHeight, List<Long> ranks) {
		int right() {
			return x + ranks.size() * cell;
		}

		int bottom() {
			return y + ranks.size() * cell;
		}

		/** The gap left between cells large enough to show one. */
		int inset() {
			return cell >= 6 ? 1 : 0;
		}

		/** The left of the column of sums. */
		int sumX() {
			return right() + GAP - inset();
		}

		/** The top of the row of sums. */
		int sumY() {
			return bottom() + GAP - inset();
		}
	}

	MatrixCanvas(Composite parent) {
		super(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
		addPaintListener(event -> paint(event.gc));
		addListener(SWT.Resize, event -> {
			layout = null;
			redraw();
		});
		addListener(SWT.MouseMove, event -> {
			String tip = tooltip(event.x, event.y);
			if (!Objects.equals(tip, getToolTipText())) {
				setToolTipText(tip);
			}
		});
		addListener(SWT.MouseExit, event -> setToolTipText(null));
	}

	/** Shows a matrix (null: nothing), by messages or by bytes. */
	void show(@Nullable MatrixData matrix, boolean byBytes) {
		this.data = matrix;
		this.bytes = byBytes && matrix != null && matrix.bytes() != null;
		layout = null;
		setToolTipText(null);
		redraw();
	}

	/** The geometry of the matrix shown in the canvas's current size; null when there is nothing to show. */
	private @Nullable Layout grid(GC gc) {
		MatrixData matrix = data;
		if (matrix == null || matrix.ranks().isEmpty()) {
			return null;
		}
		Layout cached = layout;
		if (cached != null) {
			return cached;
		}
		Rectangle area = getClientArea();
		List<Long> ranks = matrix.ranks();
		int fontHeight = gc.getFontMetrics().getHeight();
		int labelWidth = gc.textExtent(Messages.MatrixView_sum).x;
		for (long rank : ranks) {
			labelWidth = Math.max(labelWidth, gc.textExtent(Long.toString(rank)).x);
		}
		int sumWidth = gc.textExtent(format(matrix.total(bytes))).x + 2 * PAD;
		int left = MARGIN + Math.max(labelWidth + 2 * PAD, gc.textExtent(Messages.MatrixView_corner).x + PAD);
		int top = MARGIN + fontHeight + 2 * PAD;
		int sumHeight = fontHeight + 2 * PAD;
		int width = area.width - left - GAP - sumWidth - MARGIN;
		int height = area.height - top - GAP - sumHeight - MARGIN;
		int cell = Math.max(1, Math.min(MAX_CELL, Math.min(width, height) / ranks.size()));
		Layout computed = new Layout(left, top, cell, labelWidth, sumWidth, sumHeight, ranks);
		layout = computed;
		return computed;
	}

	/** The layout outside a paint (tooltips, tests). */
	private @Nullable Layout grid() {
		GC gc = new GC(this);
		try {
			return grid(gc);
		} finally {
			gc.dispose();
		}
	}

	private void paint(GC gc) {
		Rectangle area = getClientArea();
		gc.setBackground(getBackground());
		gc.fillRectangle(area);
		MatrixData matrix = data;
		Layout grid = grid(gc);
		if (matrix == null || grid == null) {
			return;
		}
		gc.setAntialias(SWT.ON);
		gc.setTextAntialias(SWT.ON);
		// the neutral parts from the theme's colours, so that a dark theme stays dark
		paintCells(gc, matrix, grid, blend(getBackground(), getForeground(), 0.07));
		paintSums(gc, matrix, grid, blend(getBackground(), getForeground(), 0.14));
		paintLabels(gc, grid, blend(getBackground(), getForeground(), 0.7));
	}

	/** The cells: the empty grid first, then the pairs that talk, lines between cells large enough. */
	private void paintCells(GC gc, MatrixData matrix, Layout grid, Color empty) {
		List<Long> ranks = grid.ranks();
		int n = ranks.size();
		int cell = grid.cell();
		int inset = grid.inset();
		gc.setBackground(empty);
		gc.fillRectangle(grid.x(), grid.y(), n * cell, n * cell);
		long max = 1;
		for (long value : matrix.cells(bytes).values()) {
			max = Math.max(max, value);
		}
		Map<Long, Integer> index = new HashMap<>();
		for (int i = 0; i < n; i++) {
			index.put(ranks.get(i), i);
		}
		for (Map.Entry<Channel, Long> entry : matrix.cells(bytes).entrySet()) {
			int row = index.getOrDefault(entry.getKey().source(), 0);
			int column = index.getOrDefault(entry.getKey().destination(), 0);
			long value = entry.getValue();
			if (value == 0) {
				continue;
			}
			RGB rgb = heat(value, max);
			int x = grid.x() + column * cell;
			int y = grid.y() + row * cell;
			gc.setBackground(new Color(rgb));
			gc.fillRectangle(x, y, cell - inset, cell - inset);
			drawCentred(gc, value, x, y, cell - inset, cell - inset, dark(rgb) ? WHITE : BLACK);
		}
		if (inset > 0) { // white lines between the cells
			gc.setForeground(getBackground());
			for (int i = 1; i < n; i++) {
				gc.drawLine(grid.x() + i * cell - 1, grid.y(), grid.x() + i * cell - 1, grid.bottom() - 1);
				gc.drawLine(grid.x(), grid.y() + i * cell - 1, grid.right() - 1, grid.y() + i * cell - 1);
			}
		}
	}

	/**
	 * The sums: a column right of the grid, a row below it, the total in their corner; each sum as a
	 * bar (its length against the largest sum), its number over it when it fits.
	 */
	private void paintSums(GC gc, MatrixData matrix, Layout grid, Color sums) {
		List<Long> ranks = grid.ranks();
		int n = ranks.size();
		int cell = grid.cell();
		int inset = grid.inset();
		int sumWidth = grid.sumWidth();
		int sumHeight = grid.sumHeight();
		int sumX = grid.sumX();
		int sumY = grid.sumY();
		SortedMap<Long, Long> sent = matrix.sent(bytes);
		SortedMap<Long, Long> received = matrix.received(bytes);
		gc.setBackground(sums);
		gc.fillRectangle(sumX, grid.y(), sumWidth, n * cell - inset);
		gc.fillRectangle(grid.x(), sumY, n * cell - inset, sumHeight);
		gc.fillRectangle(sumX, sumY, sumWidth, sumHeight);
		Color bar = blend(sums, new Color(HEAT[1]), 0.6);
		long maxSent = Math.max(1, sent.values().stream().mapToLong(Long::longValue).max().orElse(1));
		long maxReceived = Math.max(1, received.values().stream().mapToLong(Long::longValue).max().orElse(1));
		for (int i = 0; i < n; i++) {
			long rowSum = sent.getOrDefault(ranks.get(i), 0L);
			long columnSum = received.getOrDefault(ranks.get(i), 0L);
			int rowY = grid.y() + i * cell;
			int columnX = grid.x() + i * cell;
			gc.setBackground(bar);
			gc.fillRectangle(sumX, rowY, (int) (sumWidth * rowSum / maxSent), cell - inset);
			int height = (int) (sumHeight * columnSum / maxReceived);
			gc.fillRectangle(columnX, sumY + sumHeight - height, cell - inset, height);
			if (rowSum > 0) {
				drawCentred(gc, rowSum, sumX, rowY, sumWidth, cell - inset, BLACK);
			}
			if (columnSum > 0) {
				drawCentred(gc, columnSum, columnX, sumY, cell - inset, sumHeight, BLACK);
			}
		}
		drawCentred(gc, matrix.total(bytes), sumX, sumY, sumWidth, sumHeight, getForeground());
	}

	/** Rank labels on the left and on top, every step-th when they do not all fit; the corner and the sums' titles. */
	private void paintLabels(GC gc, Layout grid, Color labels) {
		List<Long> ranks = grid.ranks();
		int cell = grid.cell();
		int inset = grid.inset();
		gc.setForeground(labels);
		gc.setBackground(getBackground());
		int rowStep = Math.max(1, (gc.getFontMetrics().getHeight() + cell - 1) / cell);
		int columnStep = Math.max(1, (grid.labelWidth() + PAD + cell - 1) / cell);
		for (int i = 0; i < ranks.size(); i++) {
			String label = Long.toString(ranks.get(i));
			Point extent = gc.textExtent(label);
			if (i % rowStep == 0) {
				gc.drawText(label, grid.x() - PAD - extent.x, grid.y() + i * cell + (cell - inset - extent.y) / 2, true);
			}
			if (i % columnStep == 0) {
				gc.drawText(label, Math.max(grid.x(), grid.x() + i * cell + (cell - inset - extent.x) / 2), grid.y() - PAD - extent.y,
						true);
			}
		}
		Point corner = gc.textExtent(Messages.MatrixView_corner);
		gc.drawText(Messages.MatrixView_corner, grid.x() - PAD - corner.x, grid.y() - PAD - corner.y, true);
		Point sigma = gc.textExtent(Messages.MatrixView_sum);
		gc.drawText(Messages.MatrixView_sum, grid.sumX() + (grid.sumWidth() - sigma.x) / 2, grid.y() - PAD - sigma.y, true);
		gc.drawText(Messages.MatrixView_sum, grid.x() - PAD - sigma.x, grid.sumY() + (grid.sumHeight() - sigma.y) / 2, true);
	}

	/** The value centred in a box, when it fits (in full, else abbreviated); nothing otherwise. */
	private static void drawCentred(GC gc, long value, int x, int y, int width, int height, Color colour) {
		for (String text : new String[] { format(value), compact(value) }) {
			Point extent = gc.textExtent(text);
			if (extent.x <= width - 2 && extent.y <= height + 1) {
				gc.setForeground(colour);
				gc.drawText(text, x + (width - extent.x) / 2, y + (height - extent.y) / 2, true);
				return;
			}
		}
	}

	/** The colour of a value: logarithmic, so that a few heavy pairs do not wash out the others. */
	static RGB heat(long value, long max) {
		double t = max <= 1 ? 1 : Math.log1p(value) / Math.log1p(max);
		double scaled = Math.max(0, Math.min(1, t)) * (HEAT.length - 1);
		int low = Math.min(HEAT.length - 2, (int) scaled);
		double f = scaled - low;
		RGB a = HEAT[low];
		RGB b = HEAT[low + 1];
		return new RGB((int) Math.round(a.red + f * (b.red - a.red)), (int) Math.round(a.green + f * (b.green - a.green)),
				(int) Math.round(a.blue + f * (b.blue - a.blue)));
	}

	private static Color blend(Color base, Color other, double amount) {
		return new Color(new RGB((int) Math.round(base.getRed() + amount * (other.getRed() - base.getRed())),
				(int) Math.round(base.getGreen() + amount * (other.getGreen() - base.getGreen())),
				(int) Math.round(base.getBlue() + amount * (other.getBlue() - base.getBlue()))));
	}

	private static boolean dark(RGB rgb) {
		return 0.299 * rgb.red + 0.587 * rgb.green + 0.114 * rgb.blue < 140;
	}

	static String format(long value) {
		return NumberFormat.getIntegerInstance().format(value);
	}

	/** 1.2k, 35M, 7.1G: a value in three or four characters. */
	static String compact(long value) {
		String[] units = { "", "k", "M", "G", "T", "P", "E" };
		double scaled = value;
		int unit = 0;
		while (Math.abs(scaled) >= 1000 && unit < units.length - 1) {
			scaled /= 1000;
			unit++;
		}
		if (unit == 0) {
			return Long.toString(value);
		}
		return (scaled < 10 ? String.format("%.1f", scaled) : String.format("%.0f", scaled)) + units[unit];
	}

	/** The centre of the cell of a pair of ranks in the last paint, or null when it is not shown. */
	@Nullable
	Point centre(long source, long destination) {
		Layout grid = grid();
		if (grid == null || !grid.ranks().contains(source) || !grid.ranks().contains(destination)) {
			return null;
		}
		return new Point(grid.x() + grid.ranks().indexOf(destination) * grid.cell() + grid.cell() / 2,
				grid.y() + grid.ranks().indexOf(source) * grid.cell() + grid.cell() / 2);
	}

	/** The tooltip at a point of the canvas: a cell, a sum or the total; null elsewhere. */
	@Nullable
	String tooltip(int x, int y) {
		Layout grid = grid();
		MatrixData matrix = data;
		if (grid == null || matrix == null) {
			return null;
		}
		int n = grid.ranks().size();
		int column = x < grid.x() ? -1 : (x - grid.x()) / grid.cell();
		int row = y < grid.y() ? -1 : (y - grid.y()) / grid.cell();
		boolean inSumColumn = x >= grid.right() && x < grid.right() + GAP + grid.sumWidth();
		boolean inSumRow = y >= grid.bottom() && y < grid.bottom() + GAP + grid.sumHeight();
		if (row >= 0 && row < n && column >= 0 && column < n) {
			long source = grid.ranks().get(row);
			long destination = grid.ranks().get(column);
			String tip = NLS.bind(Messages.MatrixView_cellTooltip,
					new Object[] { source, destination, format(matrix.messages(source, destination)) });
			long bytesOfCell = matrix.bytes(source, destination);
			return bytesOfCell < 0 ? tip : NLS.bind(Messages.MatrixView_cellTooltipBytes, tip, format(bytesOfCell));
		}
		if (row >= 0 && row < n && inSumColumn) {
			long rank = grid.ranks().get(row);
			return withBytes(NLS.bind(Messages.MatrixView_sentTooltip, rank, format(matrix.sent(false).getOrDefault(rank, 0L))),
					matrix, matrix.sent(true).getOrDefault(rank, 0L));
		}
		if (column >= 0 && column < n && inSumRow) {
			long rank = grid.ranks().get(column);
			return withBytes(
					NLS.bind(Messages.MatrixView_receivedTooltip, rank, format(matrix.received(false).getOrDefault(rank, 0L))),
					matrix, matrix.received(true).getOrDefault(rank, 0L));
		}
		if (inSumColumn && inSumRow) {
			return withBytes(NLS.bind(Messages.MatrixView_totalTooltip, format(matrix.total(false))), matrix, matrix.total(true));
		}
		return null;
	}

	private static String withBytes(String tip, MatrixData matrix, long bytesOfSum) {
		return matrix.bytes() == null ? tip : NLS.bind(Messages.MatrixView_sumTooltipBytes, tip, format(bytesOfSum));
	}
}
