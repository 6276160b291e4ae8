// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.generate.Patterns;

/**
 * Butterflies as families: Allreduces by recursive doubling on 2 to 1,024 ranks (powers of two or
 * not), and reductions along the rows of 2-D grids of several shapes whose stages run up or down
 * and are tagged by stage or not (NPB CG's). Each run folds exactly onto every rank, printed and
 * read again too, and, where the stages are those of a power of two, into as many constructs
 * whatever the number of stages: one loop over stages, not a construct per stage.
 */
class ButterflyFamiliesTest {

	@Test
	void recursiveDoublingFoldsIntoOneSizeOnEveryPowerOfTwo() throws Exception {
		long sizeAtFour = -1;
		for (int ranks : new int[] { 2, 3, 4, 5, 6, 7, 8, 12, 16, 31, 32, 64, 100, 128, 256, 1024 }) {
			List<List<TraceEvent>> traces = PropertiesTest.traces(Patterns.create("butterfly", ranks, 3, 0));
			Model folded = Merger.merge(PropertiesTest.locals(traces, null), new MergeOptions(2), Progress.NONE);
			long constructs = exact(traces, folded, "butterfly on " + ranks + " ranks");
			if (ranks == 4) {
				sizeAtFour = constructs;
			} else if (ranks > 4 && Integer.bitCount(ranks) == 1) {
				assertEquals(sizeAtFour, constructs, ranks + " ranks against 4:\n" + ModelPrinter.print(folded));
			}
		}
	}

	/**
	 * Row reductions fold, on square grids and on grids twice as wide as high, into at most the
	 * constructs of the family's smallest grid (two stages) whatever the number of stages; with
	 * exchanges across the diagonal too, exactly and with the iterations as one loop around all.
	 */
	@Test
	void rowReductionsFoldIntoAtMostOneSizeOnEveryGrid() throws Exception {
		int[][][] families = { { { 4, 4 }, { 8, 8 }, { 16, 16 } }, { { 2, 4 }, { 4, 8 }, { 8, 16 } } };
		for (boolean descending : new boolean[] { false, true }) {
			for (boolean tagged : new boolean[] { false, true }) {
				for (int[][] family : families) {
					long size = -1;
					for (int[] grid : family) {
						String what = grid[0] + " × " + grid[1] + (descending ? ", down" : ", up") + (tagged ? ", tagged" : "");
						List<List<TraceEvent>> traces = rowReductions(grid[0], grid[1], descending, tagged, false, 3);
						Model folded = Merger.merge(PropertiesTest.locals(traces, null), new MergeOptions(2), Progress.NONE);
						long constructs = exact(traces, folded, what);
						if (size < 0) {
							size = constructs;
						}
						assertTrue(constructs <= size, what + ": " + constructs + " constructs, " + size + " on the family's first grid:\n"
								+ ModelPrinter.print(folded));
						List<List<TraceEvent>> transposed = rowReductions(grid[0], grid[1], descending, tagged, true, 2);
						Model withTransposes = Merger.merge(PropertiesTest.locals(transposed, null), new MergeOptions(2), Progress.NONE);
						exact(transposed, withTransposes, what + ", transposed");
						assertTrue(roundsFolded(withTransposes, 2), what + ", transposed: the iterations are no loop around all:\n"
								+ ModelPrinter.print(withTransposes));
					}
				}
			}
		}
	}

	/**
	 * NPB CG's messages on square grids and grids twice as wide as high (rows of two stages and
	 * more, where reductions up and down differ): the run's last reduction
	 * is the start of an iteration, so the iterations are rotated to start after it and end with
	 * two reductions side by side; the model is that reduction over the ranks, then one loop over
	 * the iterations, exactly.
	 */
	@Test
	void conjugateGradientEndsEachIterationWithTheNextOnesReduction() throws Exception {
		int iterations = 3;
		for (int[] grid : new int[][] { { 4, 4 }, { 8, 8 }, { 16, 16 }, { 2, 4 }, { 4, 8 }, { 8, 16 } }) {
			String what = "CG on " + grid[0] + " × " + grid[1];
			List<List<TraceEvent>> traces = conjugateGradient(grid[0], grid[1], iterations);
			Model folded = Merger.merge(PropertiesTest.locals(traces, null), new MergeOptions(2), Progress.NONE);
			exact(traces, folded, what);
			List<String> top = ModelPrinter.print(folded).lines().filter(line -> !line.startsWith(" ")).toList();
			assertEquals(List.of("for i0 = 0 to " + (grid[0] * grid[1] - 1), "done", "for i0 = 0 to " + (iterations - 1), "done"), top,
					what + ":\n" + ModelPrinter.print(folded));
		}
	}

	/**
	 * The traces of a run on a grid of {@code rows} × {@code columns} ranks (columns a power of
	 * two, rank = row * columns + column) where each iteration reduces along the rows by recursive
	 * doubling, stage by stage up or down, then, if {@code transposed}, exchanges with the rank
	 * across the diagonal.
	 */
	static List<List<TraceEvent>> rowReductions(int rows, int columns, boolean descending, boolean tagged, boolean transposed, int iterations) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < rows * columns; rank++) {
			List<TraceEvent> events = new ArrayList<>();
			for (int iteration = 0; iteration < iterations; iteration++) {
				reduce(events, rank, columns, descending, tagged);
				if (transposed) {
					transpose(events, rank, rows, columns);
				}
			}
			traces.add(events);
		}
		return traces;
	}

	/**
	 * The traces of NPB CG's messages on a grid of {@code rows} × {@code columns} ranks: each
	 * iteration reduces along the rows stage by stage up, then down, exchanges across the
	 * diagonal, then reduces up again; one more reduction ends the run (the residual's norm).
	 */
	static List<List<TraceEvent>> conjugateGradient(int rows, int columns, int iterations) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < rows * columns; rank++) {
			List<TraceEvent> events = new ArrayList<>();
			for (int iteration = 0; iteration < iterations; iteration++) {
				reduce(events, rank, columns, false, true);
				reduce(events, rank, columns, true, true);
				transpose(events, rank, rows, columns);
				reduce(events, rank, columns, false, true);
			}
			reduce(events, rank, columns, false, true);
			traces.add(events);
		}
		return traces;
	}

	/** A reduction along the row of {@code columns} ranks (a power of two) by recursive doubling, stage by stage up or down. */
	private static void reduce(List<TraceEvent> events, int rank, int columns, boolean descending, boolean tagged) {
		int stages = Integer.numberOfTrailingZeros(columns);
		for (int step = 0; step < stages; step++) {
			int stage = descending ? stages - 1 - step : step;
			int peer = rank ^ 1 << stage;
			String tag = tagged ? Integer.toString(1 + stage) : "5";
			events.add(TraceEvent.send(rank, peer, tag));
			events.add(TraceEvent.recv(peer, rank, tag));
		}
	}

	/** An exchange with the rank across the diagonal, where there is one. */
	private static void transpose(List<TraceEvent> events, int rank, int rows, int columns) {
		int row = rank / columns;
		int column = rank % columns;
		int across = column % rows * columns + row;
		if (row < columns && column < rows && across != rank) {
			events.add(TraceEvent.send(rank, across, "9"));
			events.add(TraceEvent.recv(across, rank, "9"));
		}
	}

	/**
	 * Whether the model is one loop of {@code iterations} around all: rounds in which the ranks on
	 * the diagonal, which exchange nothing across it, run ahead of the others still fold alike.
	 */
	private static boolean roundsFolded(Model folded, int iterations) {
		List<String> top = ModelPrinter.print(folded).lines().filter(line -> !line.startsWith(" ")).toList();
		return top.equals(List.of("for i0 = 0 to " + (iterations - 1), "done"));
	}

	/** The constructs of the folded model, checked to project onto every rank as the traces are. */
	private static long exact(List<List<TraceEvent>> traces, Model folded, String what) throws Exception {
		String text = ModelPrinter.print(folded);
		Model reread = ModelText.parse(text, "butterfly.loops");
		for (int p = 0; p < traces.size(); p++) {
			assertEquals(traces.get(p), Projection.events(folded, p), what + ", rank " + p + " of\n" + text);
			assertEquals(traces.get(p), Projection.events(reread, p), what + ", rank " + p + " printed and read again");
		}
		long constructs = Folding.constructs(folded);
		assertTrue(constructs > 0, what);
		return constructs;
	}
}
