// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Loops followed by the start of their body, rotated rank by rank to start after it. */
class LoopFollowedByItsStartTest {

	private static List<Node> nodes(String text) throws Exception {
		return RewrittenTerms.nodes(text);
	}

	private static String rotated(String text) throws Exception {
		return RewrittenTerms.applied(text, nodes -> LoopFollowedByItsStart.rotated(nodes, 0));
	}

	/**
	 * A message of rank 0 to 1 tagged 1, one tagged 2, one tagged 1 again, repeated, then the
	 * first again (a step starting with the message that ends it): rank 0 sends and rank 1
	 * receives it before the loop, and at the end of each iteration, next to its copy.
	 */
	@Test
	void theStartAfterTheLoopMovesBeforeIt() throws Exception {
		assertEquals("""
				0 send 1 1
				0 recv 1 1
				for i0 = 0 to 2
				  0 send 1 2
				  0 recv 1 2
				  0 send 1 1
				  0 recv 1 1
				  0 send 1 1
				  0 recv 1 1
				done
				2 sync MPI_Barrier 2,3
				""", rotated("""
				for i0 = 0 to 2
				  0 send 1 1
				  0 recv 1 1
				  0 send 1 2
				  0 recv 1 2
				  0 send 1 1
				  0 recv 1 1
				done
				0 send 1 1
				0 recv 1 1
				2 sync MPI_Barrier 2-3
				"""));
	}

	/** A start whose numbers follow the loop's index is taken at its first iteration, and at the next in the loop. */
	@Test
	void numbersOfTheIndexAreShifted() throws Exception {
		assertEquals("""
				0 send 1 0
				0 recv 1 0
				for i0 = 0 to 2
				  0 send 1 7
				  0 recv 1 7
				  0 send 1 1+i0
				  0 recv 1 1+i0
				done
				""", rotated("""
				for i0 = 0 to 2
				  0 send 1 i0
				  0 recv 1 i0
				  0 send 1 7
				  0 recv 1 7
				done
				0 send 1 3
				0 recv 1 3
				"""));
	}

	/** Only the ranks that repeat their start move it. */
	@Test
	void eachRankMovesWhatItRepeats() throws Exception {
		assertEquals("""
				2 send 3 7
				2 recv 3 7
				for i0 = 0 to 1
				  0 send 1 1
				  0 recv 1 1
				  0 send 1 2
				  0 recv 1 2
				  2 send 3 8
				  2 recv 3 8
				  2 send 3 7
				  2 recv 3 7
				done
				0 send 1 5
				0 recv 1 5
				""", rotated("""
				for i0 = 0 to 1
				  0 send 1 1
				  0 recv 1 1
				  0 send 1 2
				  0 recv 1 2
				  2 send 3 7
				  2 recv 3 7
				  2 send 3 8
				  2 recv 3 8
				done
				2 send 3 7
				2 recv 3 7
				0 send 1 5
				0 recv 1 5
				"""));
	}

	/**
	 * No rotation: a start not repeated; a message of the start received by a rank that does not
	 * repeat its own; a collective taken by half its group after the loop.
	 */
	@Test
	void startsThatAreNotWholeStay() throws Exception {
		assertNull(LoopFollowedByItsStart.rotated(nodes("""
				for i0 = 0 to 2
				  0 send 1 1
				  0 recv 1 1
				  0 send 1 2
				  0 recv 1 2
				done
				0 send 1 9
				0 recv 1 9
				"""), 0));
		assertNull(LoopFollowedByItsStart.rotated(nodes("""
				for i0 = 0 to 2
				  0 send 1 1
				  1 send 0 2
				  0 recv 1 1
				  1 recv 0 2
				  0 send 1 3
				  0 recv 1 3
				done
				0 send 1 1
				1 send 0 9
				"""), 0));
		assertNull(LoopFollowedByItsStart.rotated(nodes("""
				for i0 = 0 to 2
				  0 sync MPI_Barrier 0-1
				  1 sync MPI_Barrier 0-1
				  0 send 1 1
				  0 recv 1 1
				  0 sync MPI_Barrier 0-1
				  1 sync MPI_Barrier 0-1
				done
				0 sync MPI_Barrier 0-1
				"""), 0));
	}
}
