// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.PaletteData;
import org.eclipse.swt.graphics.RGB;
import org.looptrace.analysis.matrix.CommunicationMatrix.Channel;
import org.looptrace.model.core.Progress;

/**
 * What the heat map draws of a matrix, computed without SWT widgets so that a matrix of millions of
 * pairs is computed once (per scale and size) and off the UI thread: the largest cell, the row and
 * column sums, and the cells as an image of the grid's pixels, where the pairs that share a pixel
 * show the largest of them. The total is the matrix's own ({@link MatrixData#total}).
 *
 * @param max      the largest cell (at least 1)
 * @param sent     the row sums, by the index of the rank in the matrix's ranks
 * @param received the column sums, by the index of the rank
 */
record HeatMap(long max, long[] sent, long[] received) {

	/** How many pairs are placed between two looks at Cancel. */
	private static final int PAIRS_PER_CHECK = 1 << 16;

	/** The largest cell and the sums of the cells of messages, or of bytes. */
	static HeatMap of(MatrixData matrix, boolean bytes, Progress progress) {
		List<Long> ranks = matrix.ranks();
		long[] sent = new long[ranks.size()];
		long[] received = new long[ranks.size()];
		long max = 1;
		int pairs = 0;
		for (Map.Entry<Channel, Long> cell : matrix.cells(bytes).entrySet()) {
			long value = cell.getValue();
			int row = index(ranks, cell.getKey().source());
			int column = index(ranks, cell.getKey().destination());
			sent[row] = Math.addExact(sent[row], value);
			received[column] = Math.addExact(received[column], value);
			max = Math.max(max, value);
			checkCancelled(++pairs, progress);
		}
		return new HeatMap(max, sent, received);
	}

	/**
	 * The cells as a {@code side} × {@code side} picture: rank {@code i} takes the pixels from
	 * {@code i * side / n} on ({@code side / n} of them when that is at least one), the empty cells in
	 * {@code empty}, each pixel in the colour of the largest cell drawn there.
	 */
	ImageData image(MatrixData matrix, boolean bytes, int side, RGB empty, Progress progress) {
		List<Long> ranks = matrix.ranks();
		int n = ranks.size();
		int span = Math.max(1, side / n);
		long[] largest = new long[side * side];
		int pairs = 0;
		for (Map.Entry<Channel, Long> cell : matrix.cells(bytes).entrySet()) {
			int top = pixel(index(ranks, cell.getKey().source()), n, side);
			int left = pixel(index(ranks, cell.getKey().destination()), n, side);
			for (int y = top; y < top + span; y++) {
				for (int x = left; x < left + span; x++) {
					largest[y * side + x] = Math.max(largest[y * side + x], cell.getValue());
				}
			}
			checkCancelled(++pairs, progress);
		}
		PaletteData palette = new PaletteData(0xFF0000, 0xFF00, 0xFF);
		ImageData image = new ImageData(side, side, 24, palette);
		int emptyPixel = palette.getPixel(empty);
		int[] row = new int[side];
		for (int y = 0; y < side; y++) {
			for (int x = 0; x < side; x++) {
				long value = largest[y * side + x];
				row[x] = value == 0 ? emptyPixel : palette.getPixel(MatrixCanvas.heat(value, max));
			}
			image.setPixels(0, y, side, row, 0);
			progress.checkCancelled();
		}
		return image;
	}

	/** The first pixel of the rank of index {@code index} of {@code n} on a grid of {@code side} pixels. */
	static int pixel(int index, int n, int side) {
		return (int) ((long) index * side / n);
	}

	/** The index of a rank in the (ascending) ranks of a matrix. */
	static int index(List<Long> ranks, long rank) {
		return Math.max(0, Collections.binarySearch(ranks, rank));
	}

	private static void checkCancelled(int pairs, Progress progress) {
		if (pairs % PAIRS_PER_CHECK == 0) {
			progress.checkCancelled();
		}
	}
}
