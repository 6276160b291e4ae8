// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The heat map on its own: a million pairs are drawn off the UI thread, which stays free meanwhile
 * (the grid's place saying what is drawn), into a picture of the visible pixels, where the ranks that share a pixel show their largest cell
 * and the tooltip names that cell's pair; a matrix with a pixel or more per rank paints every cell
 * in the colour of its value.
 */
class MatrixCanvasTest {

	private static final long WAIT_MILLIS = 60_000;
	private static final int SIZE = 640;

	private final Display display = Display.getDefault();
	private final Shell shell = new Shell(display);
	private final MatrixCanvas canvas = new MatrixCanvas(shell);

	@AfterEach
	void close() {
		shell.dispose();
	}

	@Test
	void aMillionPairsAreDrawnInAJobWhileTheUiThreadStaysFreeAndShareTheirPixels() {
		MatrixData matrix = matrix(1024, (source, destination) -> 1 + (source * 7919 + destination * 104_729) % 100_000);
		open();
		AtomicBoolean ran = new AtomicBoolean();
		Job.getJobManager().suspend(); // the heat map's job waits: the paint must not
		try {
			canvas.show(matrix, false);
			ImageData waiting = paint();
			// the grid's place says what is being drawn
			Point first = centre(0, 0);
			Point last = centre(matrix.ranks().getLast(), matrix.ranks().getLast());
			Set<RGB> colours = new HashSet<>();
			for (int y = first.y; y <= last.y; y++) {
				for (int x = first.x; x <= last.x; x++) {
					colours.add(waiting.palette.getRGB(waiting.getPixel(x, y)));
				}
			}
			assertTrue(colours.size() > 1, "the grid is blank while its picture is drawn");
			display.asyncExec(() -> ran.set(true));
			waitUntil(ran::get, "a runnable posted while the matrix is drawn does not run");
			assertEquals(1, Job.getJobManager().find(MatrixCanvas.HEAT_FAMILY).length, "the heat map is not drawn in a job");
		} finally {
			Job.getJobManager().resume();
		}
		waitUntil(() -> Job.getJobManager().find(MatrixCanvas.HEAT_FAMILY).length == 0, "the heat map is not drawn");
		while (display.readAndDispatch()) { // what the job hands to the canvas
			// nothing else to do
		}

		// where each rank's row and column are: fewer pixels than ranks, so ranks share them
		Map<Integer, List<Long>> rows = new HashMap<>();
		Map<Integer, List<Long>> columns = new HashMap<>();
		for (long rank : matrix.ranks()) {
			rows.computeIfAbsent(centre(rank, 0).y, y -> new ArrayList<>()).add(rank);
			columns.computeIfAbsent(centre(0, rank).x, x -> new ArrayList<>()).add(rank);
		}
		assertTrue(rows.size() < matrix.ranks().size() && rows.size() <= canvas.getSize().y, rows.size() + " rows");
		long max = matrix.messages().values().stream().mapToLong(Long::longValue).max().orElseThrow();
		ImageData pixels = paint();
		for (Map.Entry<Integer, List<Long>> row : rows.entrySet()) {
			for (Map.Entry<Integer, List<Long>> column : columns.entrySet()) {
				Channel largest = largest(matrix, row.getValue(), column.getValue());
				RGB expected = MatrixCanvas.heat(matrix.messages().get(largest), max);
				assertEquals(expected, pixels.palette.getRGB(pixels.getPixel(column.getKey(), row.getKey())),
						"the pixel of " + row.getValue() + " → " + column.getValue());
				if (row.getKey() % 37 == 0 && column.getKey() % 41 == 0) { // the tooltips of a sample of pixels
					String cell = NLS.bind(Messages.MatrixView_cellTooltip, new Object[] { largest.source(), largest.destination(),
							MatrixCanvas.format(matrix.messages().get(largest)) });
					assertEquals(row.getValue().size() == 1 && column.getValue().size() == 1 ? cell
							: NLS.bind(Messages.MatrixView_sharedCellTooltip, new Object[] { cell, range(row.getValue()), range(column.getValue()) }),
							canvas.tooltip(column.getKey(), row.getKey()));
				}
			}
		}
	}

	@Test
	void aMatrixWithPixelsForEveryRankPaintsEachCellInTheColourOfItsValue() {
		// 150 ranks: cells of a few pixels, too small for lines and values
		MatrixData matrix = matrix(150, (source, destination) -> (source + destination) % 3 == 0 ? 0 : source * destination + 1);
		open();
		canvas.show(matrix, false);
		ImageData pixels = paint();
		Point first = centre(0, 0);
		Point second = centre(1, 1);
		int cell = second.x - first.x;
		assertTrue(cell >= 1 && cell < 6, cell + " pixels a cell");
		RGB empty = pixels.palette.getRGB(pixels.getPixel(first.x, first.y));
		long max = matrix.messages().values().stream().mapToLong(Long::longValue).max().orElseThrow();
		for (long source : matrix.ranks()) {
			for (long destination : matrix.ranks()) {
				Long value = matrix.messages().get(new Channel(source, destination));
				RGB expected = value == null ? empty : MatrixCanvas.heat(value, max);
				Point centre = centre(source, destination);
				int left = centre.x - cell / 2;
				int top = centre.y - cell / 2;
				for (int y = top; y < top + cell; y++) {
					for (int x = left; x < left + cell; x++) {
						assertEquals(expected, pixels.palette.getRGB(pixels.getPixel(x, y)), source + " → " + destination);
					}
				}
				if (value != null) {
					assertEquals(NLS.bind(Messages.MatrixView_cellTooltip,
							new Object[] { source, destination, MatrixCanvas.format(value) }), canvas.tooltip(centre.x, centre.y));
				}
			}
		}
	}

	/** A matrix of every pair of {@code ranks} ranks with a value (those of value 0 do not talk). */
	private static MatrixData matrix(int ranks, Value value) {
		SortedMap<Channel, Long> messages = new TreeMap<>();
		List<Long> all = new ArrayList<>();
		for (long source = 0; source < ranks; source++) {
			all.add(source);
			for (long destination = 0; destination < ranks; destination++) {
				long count = value.of(source, destination);
				if (count > 0) {
					messages.put(new Channel(source, destination), count);
				}
			}
		}
		return MatrixData.of(null, messages, null, null, all);
	}

	@FunctionalInterface
	private interface Value {
		long of(long source, long destination);
	}

	private static String range(List<Long> ranks) {
		return ranks.size() == 1 ? ranks.getFirst().toString() : ranks.getFirst() + "\u2013" + ranks.getLast();
	}

	/** Of the pairs between two groups of ranks, the first with the most messages. */
	private static Channel largest(MatrixData matrix, List<Long> sources, List<Long> destinations) {
		Channel largest = new Channel(sources.getFirst(), destinations.getFirst());
		long most = 0;
		for (long source : sources) {
			for (long destination : destinations) {
				long messages = matrix.messages(source, destination);
				if (messages > most) {
					most = messages;
					largest = new Channel(source, destination);
				}
			}
		}
		return largest;
	}

	private void open() {
		shell.setSize(SIZE + 200, SIZE + 120);
		canvas.setBounds(0, 0, SIZE + 200, SIZE + 120);
		shell.open();
	}

	/** What the canvas paints. */
	private ImageData paint() {
		Point size = canvas.getSize();
		Image image = new Image(display, size.x, size.y);
		GC gc = new GC(image);
		try {
			canvas.print(gc);
			return image.getImageData();
		} finally {
			gc.dispose();
			image.dispose();
		}
	}

	private Point centre(long source, long destination) {
		return Objects.requireNonNull(canvas.centre(source, destination), source + " → " + destination + " is not drawn");
	}

	private static void waitUntil(BooleanSupplier condition, String failure) {
		Workbench.waitUntil(WAIT_MILLIS, condition, failure);
	}
}
