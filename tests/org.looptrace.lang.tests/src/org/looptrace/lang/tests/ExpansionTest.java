// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.model.core.ModelExpander;

/** Parsed models stand for the events written out by hand. */
class ExpansionTest {

	private static List<String> expand(String text) throws Exception {
		List<String> lines = new ArrayList<>();
		ModelExpander.expand(ModelText.parse(text, "test.loops")).forEachRemaining(event -> lines.add(event.toLine()));
		return lines;
	}

	private static List<String> expand(String text, int rank) throws Exception {
		List<String> lines = new ArrayList<>();
		ModelExpander.expand(ModelText.parse(text, "test.loops"), rank).forEachRemaining(event -> lines.add(event.toLine()));
		return lines;
	}

	@Test
	void nestedLoops() throws Exception {
		assertEquals(List.of("0 send 1 a", "0 send 1 a", "0 recv 1 b", "0 send 1 a", "0 send 1 a", "0 recv 1 b"),
				expand("for i0 = 0 to 1\n  for i1 = 5 to 6\n    0 send 1 a\n  done\n  0 recv 1 b\ndone\n"));
	}

	@Test
	void affineFields() throws Exception {
		assertEquals(List.of("1 send 3 0", "2 send 5 1", "3 send 7 2", "0 local x 2 -1 i0"),
				expand("for i0 = 1 to 3\n  i0 send 2*i0+1 i0-1\ndone\n0 local x 2 \"-1\" \"i0\"\n"));
	}

	@Test
	void triangularLoops() throws Exception {
		assertEquals(List.of("0 send 1 0", "1 send 1 0", "1 send 2 1", "2 send 1 0", "2 send 2 1", "2 send 3 2"),
				expand("for i0 = 0 to 2\n  for i1 = 0 to i0\n    i0 send i1+1 i1\n  done\ndone\n"));
		// i1 runs from i0 to 1: twice, once, then not at all
		assertEquals(List.of("1 sync MPI_Barrier 0-3", "1 sync MPI_Barrier 0-3"),
				expand("for i0 = 0 to 3\n  for i1 = i0 to 1\n    i1 sync MPI_Barrier 0-3\n  done\ndone\n", 1));
	}

	@Test
	void residuesAreFloorRemainders() throws Exception {
		assertEquals(List.of("0 send 3 0", "1 send 0 1", "2 send 1 2", "3 send 2 3", "0 local 5 3", "1 local 0 0", "2 local 5 1"),
				expand("for i0 = 0 to 3\n  i0 send mod(i0-1,4) mod(i0,4)\ndone\nfor i0 = -1 to 1\n  1+i0 local 3*mod(i0,2)+2*mod(-i0,2) mod(i0,4)\ndone\n"));
		// a periodic 2-D grid of 2x4 ranks: each sends to its right neighbour, wrapping around in its row
		assertEquals(List.of("0 send 1 0", "1 send 2 0", "2 send 3 0", "3 send 0 0", "4 send 5 1", "5 send 6 1", "6 send 7 1", "7 send 4 1"),
				expand("for i0 = 0 to 1\n  for i1 = 0 to 3\n    4*i0+i1 send 4*i0+mod(1+i1,4) i0\n  done\ndone\n"));
	}

	@Test
	void oneRankKeepsTheEventsItOwns() throws Exception {
		String ring = "for i0 = 0 to 1\n  for i1 = 0 to 2\n    i1 send 1+i1 t\n    i1 recv 1+i1 t\n  done\ndone\n";
		assertEquals(List.of("0 recv 1 t", "1 send 2 t", "0 recv 1 t", "1 send 2 t"), expand(ring, 1));
		assertEquals(12, expand(ring).size());
	}
}
