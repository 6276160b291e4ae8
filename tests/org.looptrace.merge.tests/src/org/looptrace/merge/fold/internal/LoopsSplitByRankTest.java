// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.model.core.Progress;

/** Loops over several ranks split into one loop per rank, and the whole program folded rank by rank. */
class LoopsSplitByRankTest {

	/**
	 * Four ranks on a ring each sending to the next then receiving from the one before, three
	 * times, as the merge writes it, then a barrier.
	 */
	private static final String RING = """
			for i0 = 0 to 2
			  0 send 1 7
			  1 send 2 7
			  2 send 3 7
			  3 send 0 7
			  0 recv 1 7
			  1 recv 2 7
			  2 recv 3 7
			  3 recv 0 7
			done
			0 sync MPI_Barrier 0-3
			1 sync MPI_Barrier 0-3
			2 sync MPI_Barrier 0-3
			3 sync MPI_Barrier 0-3
			""";

	private static String split(String text) throws Exception {
		return RewrittenTerms.applied(text, nodes -> LoopsSplitByRank.split(nodes, 0));
	}

	/** Each rank's loop holds its own events of the body, in their order; the ranks follow one another. */
	@Test
	void eachRankGetsItsOwnLoop() throws Exception {
		assertEquals("""
				for i0 = 0 to 2
				  0 send 1 7
				  3 recv 0 7
				done
				for i0 = 0 to 2
				  1 send 2 7
				  0 recv 1 7
				done
				for i0 = 0 to 2
				  2 send 3 7
				  1 recv 2 7
				done
				for i0 = 0 to 2
				  3 send 0 7
				  2 recv 3 7
				done
				0 sync MPI_Barrier 0-3
				1 sync MPI_Barrier 0-3
				2 sync MPI_Barrier 0-3
				3 sync MPI_Barrier 0-3
				""", split(RING));
	}

	/** Ranks that do not all take the same steps could not fold as one loop over them: no split. */
	@Test
	void ranksOfOtherStepsAreNotSplit() throws Exception {
		assertNull(LoopsSplitByRank.split(RewrittenTerms.nodes(RING.replace("3 sync MPI_Barrier 0-3\n", "3 send 0 8\n3 recv 0 8\n3 sync MPI_Barrier 0-3\n")), 0));
	}

	/** A system without a loop over several ranks has nothing to split. */
	@Test
	void loopsOfOneRankAreLeft() throws Exception {
		assertNull(LoopsSplitByRank.split(RewrittenTerms.nodes("""
				for i0 = 0 to 2
				  0 send 0 7
				  0 recv 0 7
				done
				1 sync MPI_Barrier 1
				"""), 0));
	}

	/**
	 * Folded, the shift is one program run by every rank: its loop over the passes inside the loop
	 * over the ranks, the barrier after it. Its body folded first holds a loop over the ranks inside
	 * the loop over the passes, which the split unrolls to each rank's iteration.
	 */
	@Test
	void theShiftFoldsAsOneProgramOverTheRanks() throws Exception {
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    i0 send mod(1+i0,4) 7
				    mod(3+i0,4) recv i0 7
				  done
				  i0 sync MPI_Barrier 0-3
				done
				""", RewrittenTerms.rewritten(RING, nodes -> SystemFolding.fold(nodes, RuleSet.CANDIDATES, 1, Progress.NONE)));
	}

	/**
	 * Ranks joined by their values (four ranks' loops as one loop over the ranks): the program
	 * inside the loop over ranks is folded again, given the range of that loop, and the loop over
	 * ranks is kept around it.
	 */
	@Test
	void theProgramInsideTheLoopsOverRanksIsFoldedAgain() throws Exception {
		StringBuilder ranks = new StringBuilder();
		for (int rank = 0; rank < 4; rank++) {
			ranks.append("for i0 = 0 to 1\n  for i1 = 0 to 2\n    ").append(rank).append(" send ").append((rank + 1) % 4)
					.append(" 7\n  done\n  ").append(rank).append(" sync MPI_Barrier 0-3\ndone\n");
		}
		List<List<long @Nullable []>> asked = new ArrayList<>();
		String folded = RewrittenTerms.rewritten(ranks.toString(), nodes -> LoopsSplitByRank.withProgramFolded(
				new ValueFitPass(Progress.NONE, new FitAnswers()).copiesFitted(nodes, List.of()), (body, ranges) -> {
					asked.add(ranges);
					List<Node> unrolled = new ArrayList<>(); // a folding that writes each event apart
					assertTrue(Terms.unroll(body, ranges.size(), unrolled));
					return unrolled;
				}));
		String step = "  i0 send mod(1+i0,4) 7\n".repeat(3) + "  i0 sync MPI_Barrier 0-3\n";
		assertEquals("for i0 = 0 to 3\n" + step + step + "done\n", folded);
		assertEquals(1, asked.size());
		assertEquals(List.of("[0, 3]"), asked.get(0).stream().map(Arrays::toString).toList());
	}
}
