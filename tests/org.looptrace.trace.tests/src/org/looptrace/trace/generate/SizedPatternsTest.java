// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The patterns whose problem size is a parameter: NPB LU's sweeps over k-planes, NPB MG's V-cycles over levels. */
class SizedPatternsTest {

	private static List<String> lines(Pattern pattern, int rank) {
		List<String> lines = new ArrayList<>();
		pattern.events(rank).forEachRemaining(event -> lines.add(event.toLine()));
		return lines;
	}

	@Test
	void realizableOverRankCountsSizesAndSteps() {
		List<Integer> counts = new ArrayList<>();
		for (int ranks = 2; ranks <= 20; ranks++) {
			counts.add(ranks);
		}
		counts.addAll(List.of(24, 27, 32, 64));
		for (int ranks : counts) {
			for (int size = 1; size <= 3; size++) {
				for (long steps : new long[] { 0, 1, 4 }) {
					Pattern lu = Patterns.create("lu", ranks, steps, 0, new Sizes(2 * size - 1, 1));
					assertTrue(PatternsTest.assertRealizable(lu) > 0, lu.toString());
					int levels = 32 - Integer.numberOfLeadingZeros(ranks - 1) + size - 1;
					Pattern mg = Patterns.create("mg", ranks, steps, 0, new Sizes(1, levels));
					assertTrue(PatternsTest.assertRealizable(mg) > 0, mg + ", " + levels + " levels");
				}
			}
		}
	}

	/** Rank 0 of a 2 × 2 grid, 2 planes, one step: it starts both sweeps' pipelines and ends the upper one. */
	@Test
	void luFollowsTheShapeOfNpbLu() {
		List<String> expected = new ArrayList<>(Collections.nCopies(9, "0 sync MPI_Bcast 0-3"));
		List<String> exchange = List.of("0 send 2 tag4", "2 recv 0 tag3", "0 send 1 tag2", "1 recv 0 tag1");
		expected.addAll(exchange);
		expected.addAll(List.of("0 sync MPI_Allreduce 0-3", "0 sync MPI_Barrier 0-3"));
		expected.addAll(List.of("0 send 2 tag4", "0 send 1 tag2", "0 send 2 tag4", "0 send 1 tag2"));
		expected.addAll(List.of("2 recv 0 tag3", "1 recv 0 tag1", "2 recv 0 tag3", "1 recv 0 tag1"));
		expected.addAll(exchange);
		expected.addAll(Collections.nCopies(3, "0 sync MPI_Allreduce 0-3"));
		assertEquals(expected, lines(Patterns.create("lu", 4, 1, 0, new Sizes(2, 1)), 0));
	}

	/** The residual's Allreduce comes every third step; each plane adds a message per neighbour and sweep. */
	@Test
	void luNormsEveryThirdStepAndPlanesLengthenTheSweeps() {
		for (int steps = 0; steps <= 7; steps++) {
			long allreduces = lines(Patterns.create("lu", 6, steps, 0, new Sizes(3, 1)), 4).stream()
					.filter(line -> line.contains("MPI_Allreduce")).count();
			assertEquals(1 + steps / 3 + 3, allreduces, steps + " steps");
		}
		// rank 4 of a 2 × 3 grid: neighbours west, east and north, 3 in both sweeps
		int at3 = lines(Patterns.create("lu", 6, 2, 0, new Sizes(3, 1)), 4).size();
		int at8 = lines(Patterns.create("lu", 6, 2, 0, new Sizes(8, 1)), 4).size();
		assertEquals(2 * 2 * 3 * (8 - 3), at8 - at3);
	}

	/**
	 * On 4 × 4 × 4 ranks the coarsest level has 2 points per axis: ranks at odd coordinates take no
	 * part in its exchanges, send their points to the rank before them and get them back, and rank 0
	 * exchanges with rank 2 along x, its next rank holding points.
	 */
	@Test
	void mgRanksWithoutPointsOfACoarseLevelDoNotExchange() {
		Pattern mg = Patterns.create("mg", 64, 1, 0, new Sizes(1, 3));
		List<String> rank0 = lines(mg, 0);
		List<String> rank1 = lines(mg, 1);
		assertTrue(rank0.contains("0 send 2 1300") && rank0.contains("0 send 2 1100"), String.join("\n", rank0));
		assertTrue(rank1.contains("1 send 0 4000") && rank1.contains("0 recv 1 5000"), String.join("\n", rank1));
		assertTrue(rank0.contains("1 recv 0 4000") && rank0.contains("0 send 1 5000"), String.join("\n", rank0));
		assertTrue(messages(rank1) < messages(rank0), rank0.size() + " events of rank 0, " + rank1.size() + " of rank 1");
		// rank 63 (3, 3, 3) holds none of level 1 along any axis: its points go to rank 42 (2, 2, 2)
		assertTrue(lines(mg, 63).contains("63 send 42 4000"));
	}

	private static long messages(List<String> lines) {
		return lines.stream().filter(line -> !line.contains(" sync ")).count();
	}

	@Test
	void badSizes() {
		assertEquals("pattern mg on 64 ranks (a 4 × 4 × 4 process grid) needs at least 2 levels, found 1",
				assertThrows(IllegalArgumentException.class, () -> Patterns.create("mg", 64, 1, 0, new Sizes(1, 1))).getMessage());
		assertEquals("expected a number of planes from 1, found 0", assertThrows(IllegalArgumentException.class, () -> new Sizes(0, 3)).getMessage());
		assertEquals("expected a number of levels from 1 to 30, found 31",
				assertThrows(IllegalArgumentException.class, () -> new Sizes(1, 31)).getMessage());
	}
}
