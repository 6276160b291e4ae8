// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Projection;

/**
 * {@link RunsOfOneEvent} on its own: runs of one event as one loop fitted by values, exact on every
 * rank, never larger than the run, and runs of different events left as they are.
 */
class RunsOfOneEventTest {

	/** The constructs fitted at the top level; checked exact on ranks 0 to {@code ranks - 1} and not larger. */
	private static List<Node> fitted(String text, int ranks) throws Exception {
		Model before = ModelText.parse(text, "runs.loops");
		List<Node> items = ModelTerms.read(List.of(before), Progress.NONE);
		List<Node> fitted = RunsOfOneEvent.fitted(items, List.of());
		Model after = ModelTerms.write(fitted);
		for (int rank = 0; rank < ranks; rank++) {
			assertEquals(Projection.events(before, rank), Projection.events(after, rank), text + "rank " + rank);
		}
		assertTrue(Terms.size(fitted) <= Terms.size(items), text);
		return fitted;
	}

	private static String receives(int rank, long... peers) {
		StringBuilder text = new StringBuilder();
		for (long peer : peers) {
			text.append(peer).append(" recv ").append(rank).append(" 4000\n");
		}
		return text.toString();
	}

	@Test
	void theRanksOfABlockButOneAsOneLoop() throws Exception {
		// A 2 × 2 × 2 block of a 4 × 4 × 4 process grid: the offsets' bits spread over the axes.
		List<Node> fitted = fitted(receives(0, 1, 4, 5, 16, 17, 20, 21), 22);
		assertEquals("""
				for i0 = 0 to 6
				  3+4*i0-2*mod(1+i0,4)+mod(i0,2) recv 0 4000
				done
				""", ModelPrinter.print(ModelTerms.write(fitted)));
	}

	@Test
	void eventsOfDifferentStepsStayAsTheyAre() throws Exception {
		String text = "0 send 1 1300\n0 send 3 1100\n3 recv 0 1300\n1 recv 0 1100\n";
		assertEquals(text, ModelPrinter.print(ModelTerms.write(fitted(text, 4))));
	}

	/**
	 * Blocks of random sides on process grids of random sides, rank 0 receiving from every other
	 * rank of its block: exact and never larger, and most runs of three or more peers one loop.
	 */
	@Test
	void randomBlocksOfRanksAreExact() throws Exception {
		Random random = new Random(31);
		int loops = 0;
		for (int run = 0; run < 40; run++) {
			int[] grid = { 2 + random.nextInt(4), 2 + random.nextInt(4), 2 + random.nextInt(3) };
			int[] block = { 1 + random.nextInt(grid[0]), 1 + random.nextInt(grid[1]), 1 + random.nextInt(grid[2]) };
			List<Long> peers = new ArrayList<>();
			for (int z = 0; z < block[2]; z++) {
				for (int y = 0; y < block[1]; y++) {
					for (int x = 0; x < block[0]; x++) {
						if (x + y + z > 0) {
							peers.add((long) x + grid[0] * (y + (long) grid[1] * z));
						}
					}
				}
			}
			int ranks = grid[0] * grid[1] * grid[2];
			String text = receives(0, peers.stream().mapToLong(Long::longValue).toArray()) + "0 send 1 tag\n";
			List<Node> fitted = fitted(text, ranks);
			loops += fitted.size() == 2 && peers.size() >= 3 ? 1 : 0;
		}
		assertTrue(loops >= 15, loops + " runs fitted as one loop");
	}
}
