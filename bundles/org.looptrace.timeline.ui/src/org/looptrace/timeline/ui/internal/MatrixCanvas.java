// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.text.NumberFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.model.core.Progress;
import org.looptrace.ui.MonitorProgress;

/**
 * The heat map: a row per sending rank, a column per receiving rank, each cell coloured by its
 * messages (or bytes) on a logarithmic scale and labelled with its value when the value fits;
 * the row sums in a last column, the column sums in a last row, rank labels on the left and on top
 * (every n-th when they do not all fit). Cells shrink to fit the view; when there are more ranks than
 * pixels, the ranks that share a pixel share its row (or column), which shows the largest of their
 * cells (or sums), as its tooltip says. Cells too small for their values are drawn once (per matrix,
 * scale and size) into a picture of the grid's pixels, in a job when the matrix is large, and the
 * paint only copies it: a paint costs the pixels shown, not the pairs. The tooltip names the cell
 * under the mouse, or the largest of the cells that share its pixel.
 */
final class MatrixCanvas extends Canvas {

	private static final int MARGIN = 8;
	private static final int PAD = 4;
	private static final int GAP = 6;
	private static final int MAX_CELL = 56;
	/** The size of the smallest cell with a line around it (and maybe its value). */
	private static final int LINED_CELL = 6;
	/** Up to this many pairs, the heat map is computed in the paint itself. */
	private static final int PAIRS_COMPUTED_IN_PAINT = 1 << 16;
	/** The family of the jobs that compute a large heat map, for tests to wait on. */
	static final Object HEAT_FAMILY = new Object();
	/** The light, middle and dark colours of the heat scale (ColorBrewer's YlOrRd). */
	private static final RGB[] HEAT = { new RGB(255, 237, 160), new RGB(253, 141, 60), new RGB(189, 0, 38) };
	private static final Color WHITE = new Color(new RGB(255, 255, 255));
	private static final Color BLACK = new Color(new RGB(0, 0, 0));

	private @Nullable MatrixData data;
	private boolean bytes;
	/** Where the grid is drawn: computed for the current data and size, null until needed. */
	private @Nullable Layout layout;
	/** The largest cell and the sums of messages and of bytes (null when unknown); null until computed. */
	private @Nullable HeatMap ofMessages;
	private @Nullable HeatMap ofBytes;
	/** The picture of the cells, of {@link #cellsSide} pixels a side; null until drawn. */
	private @Nullable Image cells;
	private int cellsSide;
	/** The job computing the heat map shown, or null. */
	private @Nullable Job computing;

	/**
	 * The geometry of one paint: the grid's origin and side in pixels, and the ranks of the rows and
	 * columns. A slot is a row (and a column) of the grid: a rank, {@code cell} pixels wide, or a
	 * pixel, shared by the ranks that fall in it when there are more ranks than pixels.
	 */
	private record Layout(int x, int y, int side, int labelWidth, int sumWidth, int sumHeight, List<Long> ranks) {
		/** The pixels of a rank, or 0 when ranks share pixels. */
		int cell() {
			return side / ranks.size();
		}

		/** The pixels of a slot. */
		int span() {
			return Math.max(1, cell());
		}

		int slots() {
			return side / span();
		}

		/** The index of the first rank of a slot (or the number of ranks, past the last slot). */
		int first(int slot) {
			return cell() > 0 ? slot : (int) Math.ceilDiv((long) slot * ranks.size(), side);
		}

		/** The slot of the rank of an index. */
		int slotOf(int index) {
			return HeatMap.pixel(index, ranks.size(), side) / span();
		}

		/** The slot at a distance in pixels from the grid's left (or top), or -1 outside the grid. */
		int slotAt(int offset) {
			return offset < 0 || offset >= side ? -1 : offset / span();
		}

		int right() {
			return x + side;
		}

		int bottom() {
			return y + side;
		}

		/** The gap left between cells large enough to show one. */
		int inset() {
			return cell() >= LINED_CELL ? 1 : 0;
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
		addListener(SWT.Dispose, event -> forget());
	}

	/** Shows a matrix (null: nothing), by messages or by bytes. */
	void show(@Nullable MatrixData matrix, boolean byBytes) {
		this.data = matrix;
		this.bytes = byBytes && matrix != null && matrix.bytes() != null;
		layout = null;
		forget();
		setToolTipText(null);
		redraw();
	}

	/** Drops the heat map of the matrix shown before. */
	private void forget() {
		Job running = computing;
		if (running != null) {
			running.cancel();
		}
		computing = null;
		ofMessages = null;
		ofBytes = null;
		Image picture = cells;
		if (picture != null) {
			picture.dispose();
		}
		cells = null;
	}

	/**
	 * Whether the heat map the paint needs is there. When it is not, it is computed: here when the
	 * matrix is small, in a job that paints again once it is done when it is large.
	 */
	private boolean heatReady(MatrixData matrix, Layout grid, RGB empty) {
		boolean picture = grid.inset() == 0;
		if (ofMessages != null && (!picture || (cells != null && cellsSide == grid.side()))) {
			return true;
		}
		HeatMaps known = new HeatMaps(ofMessages, ofBytes, null);
		boolean byBytes = bytes;
		int side = grid.side();
		if (matrix.messages().size() <= PAIRS_COMPUTED_IN_PAINT) {
			shown(compute(matrix, known, byBytes, picture ? side : 0, empty, Progress.NONE), side);
			return true;
		}
		if (computing == null) {
			Display display = getDisplay();
			Job job = new Job(Messages.MatrixView_drawJob) {
				@Override
				protected IStatus run(@Nullable IProgressMonitor monitor) {
					HeatMaps computed;
					try {
						computed = compute(matrix, known, byBytes, picture ? side : 0, empty, new MonitorProgress(monitor, getName()));
					} catch (CancellationException | OperationCanceledException e) {
						return Status.CANCEL_STATUS;
					}
					display.asyncExec(() -> {
						if (!isDisposed() && computing == this) {
							computing = null;
							shown(computed, side);
							redraw();
						}
					});
					return Status.OK_STATUS;
				}

				@Override
				public boolean belongsTo(@Nullable Object family) {
					return family == HEAT_FAMILY;
				}
			};
			computing = job;
			job.schedule();
		}
		return false;
	}

	/** The heat maps of a matrix (null until computed), and the picture of its cells (null when none is needed). */
	private record HeatMaps(@Nullable HeatMap messages, @Nullable HeatMap bytes, @Nullable ImageData cells) {
	}

	/**
	 * Computes the heat maps of a matrix, reusing those {@code known}, and the picture of its cells
	 * when {@code side} is positive: no widget is touched, so that a job may do it.
	 */
	private static HeatMaps compute(MatrixData matrix, HeatMaps known, boolean byBytes, int side, RGB empty, Progress progress) {
		HeatMap messages = known.messages();
		HeatMap bytesMap = known.bytes();
		if (messages == null) {
			messages = HeatMap.of(matrix, false, progress);
			bytesMap = matrix.bytes() == null ? null : HeatMap.of(matrix, true, progress);
		}
		HeatMap scale = byBytes && bytesMap != null ? bytesMap : messages;
		return new HeatMaps(messages, bytesMap, side <= 0 ? null : scale.image(matrix, byBytes, side, empty, progress));
	}

	private void shown(HeatMaps computed, int side) {
		ofMessages = computed.messages();
		ofBytes = computed.bytes();
		ImageData picture = computed.cells();
		if (picture != null) {
			Image before = cells;
			if (before != null) {
				before.dispose();
			}
			cells = new Image(getDisplay(), picture);
			cellsSide = side;
		}
	}

	/** The heat map of the scale shown. */
	private HeatMap heat() {
		return Objects.requireNonNull(bytes ? ofBytes : ofMessages);
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
		// the ranks ascend, so the last is the longest (digits are as wide as each other)
		int labelWidth = Math.max(gc.textExtent(Messages.MatrixView_sum).x, gc.textExtent(Long.toString(ranks.getLast())).x);
		int sumWidth = gc.textExtent(format(matrix.total(bytes))).x + 2 * PAD;
		int left = MARGIN + Math.max(labelWidth + 2 * PAD, gc.textExtent(Messages.MatrixView_corner).x + PAD);
		int top = MARGIN + fontHeight + 2 * PAD;
		int sumHeight = fontHeight + 2 * PAD;
		int width = area.width - left - GAP - sumWidth - MARGIN;
		int height = area.height - top - GAP - sumHeight - MARGIN;
		int available = Math.max(1, Math.min(width, height));
		int cell = Math.min(MAX_CELL, available / ranks.size());
		Layout computed = new Layout(left, top, cell > 0 ? cell * ranks.size() : available, labelWidth, sumWidth, sumHeight, ranks);
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
		Color empty = blend(getBackground(), getForeground(), 0.07);
		Color sums = blend(getBackground(), getForeground(), 0.14);
		if (heatReady(matrix, grid, empty.getRGB())) {
			paintCells(gc, matrix, grid, empty);
			paintSums(gc, matrix, grid, sums);
		} else { // the grid's place until its heat map is computed
			gc.setBackground(empty);
			gc.fillRectangle(grid.x(), grid.y(), grid.side(), grid.side());
			gc.setBackground(sums);
			gc.fillRectangle(grid.sumX(), grid.y(), grid.sumWidth(), grid.side());
			gc.fillRectangle(grid.x(), grid.sumY(), grid.side(), grid.sumHeight());
			drawCentred(gc, NLS.bind(Messages.MatrixView_drawing, format(grid.ranks().size())), grid.x(), grid.y(), grid.side(), grid.side(),
					getForeground());
		}
		paintLabels(gc, grid, blend(getBackground(), getForeground(), 0.7));
	}

	/**
	 * The cells: the picture of the grid when they are too small for lines and values; otherwise the
	 * empty grid, then the pairs that talk, with their values where they fit and lines between them.
	 */
	private void paintCells(GC gc, MatrixData matrix, Layout grid, Color empty) {
		Image picture = cells;
		if (grid.inset() == 0 && picture != null) {
			gc.drawImage(picture, grid.x(), grid.y());
			return;
		}
		List<Long> ranks = grid.ranks();
		int n = ranks.size();
		int cell = grid.cell();
		int inset = grid.inset();
		gc.setBackground(empty);
		gc.fillRectangle(grid.x(), grid.y(), n * cell, n * cell);
		long max = heat().max();
		for (Map.Entry<Channel, Long> entry : matrix.cells(bytes).entrySet()) {
			int row = HeatMap.index(ranks, entry.getKey().source());
			int column = HeatMap.index(ranks, entry.getKey().destination());
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
	 * bar (its length against the largest sum), its number over it when it fits. A slot that ranks
	 * share shows the largest of their sums.
	 */
	private void paintSums(GC gc, MatrixData matrix, Layout grid, Color sums) {
		HeatMap heat = heat();
		int span = grid.span();
		int inset = grid.inset();
		int sumWidth = grid.sumWidth();
		int sumHeight = grid.sumHeight();
		int sumX = grid.sumX();
		int sumY = grid.sumY();
		gc.setBackground(sums);
		gc.fillRectangle(sumX, grid.y(), sumWidth, grid.side() - inset);
		gc.fillRectangle(grid.x(), sumY, grid.side() - inset, sumHeight);
		gc.fillRectangle(sumX, sumY, sumWidth, sumHeight);
		Color bar = blend(sums, new Color(HEAT[1]), 0.6);
		long maxSent = Math.max(1, largest(heat.sent(), 0, heat.sent().length));
		long maxReceived = Math.max(1, largest(heat.received(), 0, heat.received().length));
		for (int slot = 0; slot < grid.slots(); slot++) {
			long rowSum = largest(heat.sent(), grid.first(slot), grid.first(slot + 1));
			long columnSum = largest(heat.received(), grid.first(slot), grid.first(slot + 1));
			int rowY = grid.y() + slot * span;
			int columnX = grid.x() + slot * span;
			gc.setBackground(bar);
			gc.fillRectangle(sumX, rowY, (int) (sumWidth * rowSum / maxSent), span - inset);
			int height = (int) (sumHeight * columnSum / maxReceived);
			gc.fillRectangle(columnX, sumY + sumHeight - height, span - inset, height);
			if (rowSum > 0) {
				drawCentred(gc, rowSum, sumX, rowY, sumWidth, span - inset, BLACK);
			}
			if (columnSum > 0) {
				drawCentred(gc, columnSum, columnX, sumY, span - inset, sumHeight, BLACK);
			}
		}
		drawCentred(gc, matrix.total(bytes), sumX, sumY, sumWidth, sumHeight, getForeground());
	}

	/** The largest of {@code sums[from..to)}, 0 when there are none. */
	private static long largest(long[] sums, int from, int to) {
		long largest = 0;
		for (int i = from; i < to; i++) {
			largest = Math.max(largest, sums[i]);
		}
		return largest;
	}

	/** Where the largest of {@code sums[from..to)} is (from when they are all 0). */
	private static int whereLargest(long[] sums, int from, int to) {
		int where = from;
		for (int i = from; i < to; i++) {
			where = sums[i] > sums[where] ? i : where;
		}
		return where;
	}

	/** Rank labels on the left and on top, every step-th slot when they do not all fit; the corner and the sums' titles. */
	private void paintLabels(GC gc, Layout grid, Color labels) {
		List<Long> ranks = grid.ranks();
		int span = grid.span();
		int inset = grid.inset();
		gc.setForeground(labels);
		gc.setBackground(getBackground());
		int rowStep = Math.max(1, (gc.getFontMetrics().getHeight() + span - 1) / span);
		int columnStep = Math.max(1, (grid.labelWidth() + PAD + span - 1) / span);
		for (int slot = 0; slot < grid.slots(); slot++) {
			if (slot % rowStep != 0 && slot % columnStep != 0) {
				continue;
			}
			String label = Long.toString(ranks.get(grid.first(slot)));
			Point extent = gc.textExtent(label);
			if (slot % rowStep == 0) {
				gc.drawText(label, grid.x() - PAD - extent.x, grid.y() + slot * span + (span - inset - extent.y) / 2, true);
			}
			if (slot % columnStep == 0) {
				gc.drawText(label, Math.max(grid.x(), grid.x() + slot * span + (span - inset - extent.x) / 2), grid.y() - PAD - extent.y,
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
			if (drawCentred(gc, text, x, y, width, height, colour)) {
				return;
			}
		}
	}

	/** Draws a text centred in a rectangle when it fits there, and says whether it did. */
	private static boolean drawCentred(GC gc, String text, int x, int y, int width, int height, Color colour) {
		Point extent = gc.textExtent(text);
		if (extent.x > width - 2 || extent.y > height + 1) {
			return false;
		}
		gc.setForeground(colour);
		gc.drawText(text, x + (width - extent.x) / 2, y + (height - extent.y) / 2, true);
		return true;
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

	/** The centre of the cell of a pair of ranks (of the pixel it shares) in the last paint, or null when it is not shown. */
	@Nullable
	Point centre(long source, long destination) {
		Layout grid = grid();
		if (grid == null || !grid.ranks().contains(source) || !grid.ranks().contains(destination)) {
			return null;
		}
		int span = grid.span();
		return new Point(grid.x() + grid.slotOf(HeatMap.index(grid.ranks(), destination)) * span + span / 2,
				grid.y() + grid.slotOf(HeatMap.index(grid.ranks(), source)) * span + span / 2);
	}

	/**
	 * The tooltip at a point of the canvas: a cell, a sum or the total; null elsewhere. Where ranks
	 * share a pixel, the tooltip names the largest cell (or sum) of those ranks.
	 */
	@Nullable
	String tooltip(int x, int y) {
		Layout grid = grid();
		MatrixData matrix = data;
		if (grid == null || matrix == null) {
			return null;
		}
		List<Long> ranks = grid.ranks();
		int column = grid.slotAt(x - grid.x());
		int row = grid.slotAt(y - grid.y());
		boolean inSumColumn = x >= grid.right() && x < grid.right() + GAP + grid.sumWidth();
		boolean inSumRow = y >= grid.bottom() && y < grid.bottom() + GAP + grid.sumHeight();
		if (row >= 0 && column >= 0) {
			Channel pair = largestPair(matrix, grid, row, column);
			String tip = NLS.bind(Messages.MatrixView_cellTooltip,
					new Object[] { pair.source(), pair.destination(), format(matrix.messages(pair.source(), pair.destination())) });
			long bytesOfCell = matrix.bytes(pair.source(), pair.destination());
			tip = bytesOfCell < 0 ? tip : NLS.bind(Messages.MatrixView_cellTooltipBytes, tip, format(bytesOfCell));
			return grid.first(row + 1) - grid.first(row) == 1 && grid.first(column + 1) - grid.first(column) == 1 ? tip
					: NLS.bind(Messages.MatrixView_sharedCellTooltip, new Object[] { tip, rankRange(grid, row), rankRange(grid, column) });
		}
		if (ofMessages == null && matrix.messages().size() <= PAIRS_COMPUTED_IN_PAINT) { // not painted yet
			shown(compute(matrix, new HeatMaps(null, null, null), bytes, 0, getBackground().getRGB(), Progress.NONE), 0);
		}
		HeatMap heat = ofMessages;
		if (heat == null) { // still being computed
			return null;
		}
		HeatMap heatOfBytes = ofBytes;
		int slot = row >= 0 && inSumColumn ? row : column >= 0 && inSumRow ? column : -1;
		if (slot >= 0) {
			boolean sent = slot == row;
			long[] sums = sent ? heat.sent() : heat.received();
			int index = whereLargest(sums, grid.first(slot), grid.first(slot + 1));
			String tip = NLS.bind(sent ? Messages.MatrixView_sentTooltip : Messages.MatrixView_receivedTooltip, ranks.get(index),
					format(sums[index]));
			if (heatOfBytes != null) {
				tip = NLS.bind(Messages.MatrixView_sumTooltipBytes, tip, format((sent ? heatOfBytes.sent() : heatOfBytes.received())[index]));
			}
			return grid.first(slot + 1) - grid.first(slot) == 1 ? tip : NLS.bind(Messages.MatrixView_sharedSumTooltip, tip, rankRange(grid, slot));
		}
		if (inSumColumn && inSumRow) {
			String tip = NLS.bind(Messages.MatrixView_totalTooltip, format(matrix.total(false)));
			return heatOfBytes == null ? tip : NLS.bind(Messages.MatrixView_sumTooltipBytes, tip, format(matrix.total(true)));
		}
		return null;
	}

	/** The ranks of a slot: {@code 7}, or {@code 6–7} when two or more share it. */
	private static String rankRange(Layout grid, int slot) {
		long first = grid.ranks().get(grid.first(slot));
		long last = grid.ranks().get(grid.first(slot + 1) - 1);
		return first == last ? Long.toString(first) : NLS.bind(Messages.MatrixView_rankRange, first, last);
	}

	/**
	 * The pair of a cell of the grid: of the ranks that share it, the pair with the most messages (or
	 * bytes, as shown), or the first pair when none of them talk.
	 */
	private Channel largestPair(MatrixData matrix, Layout grid, int row, int column) {
		List<Long> ranks = grid.ranks();
		Channel largest = new Channel(ranks.get(grid.first(row)), ranks.get(grid.first(column)));
		long most = 0;
		long firstDestination = ranks.get(grid.first(column));
		long lastDestination = ranks.get(grid.first(column + 1) - 1);
		SortedMap<Channel, Long> cellsShown = matrix.cells(bytes);
		for (int index = grid.first(row); index < grid.first(row + 1); index++) {
			long source = ranks.get(index);
			for (Map.Entry<Channel, Long> cell : cellsShown.subMap(new Channel(source, firstDestination), new Channel(source, lastDestination + 1))
					.entrySet()) {
				if (cell.getValue() > most) {
					most = cell.getValue();
					largest = cell.getKey();
				}
			}
		}
		return largest;
	}
}
