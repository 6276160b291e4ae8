// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Projection;

/** Neighbouring loops given other foldings of their bodies so that they unify; LU's two sweeps on every grid. */
class LoopsFoldedAlikeTest {

	/** Rank 0 sending to 1, 2 and 3, as three events or as a loop. */
	private static final String EVENTS = "0 send 1 5\n  0 send 2 5\n  0 send 3 5\n";
	private static final String LOOP = "for i1 = 0 to 2\n    0 send 1+i1 5\n  done\n";
	/** Rank 1 sending to 2, 3 and 4 as a loop. */
	private static final String NEXT = "for i1 = 0 to 2\n    1 send 2+i1 5\n  done\n";

	private static Model model(String text) throws Exception {
		return ModelText.parse(text, "alike.loops");
	}

	private static List<Node> nodes(String text) throws Exception {
		return ModelTerms.read(List.of(model(text)), Progress.NONE);
	}

	/** The body of a loop of one iteration around {@code body}. */
	private static List<Node> body(String body) throws Exception {
		return List.of(((LoopNode) nodes("for i0 = 0 to 0\n  " + body + "done\n").get(0)).body);
	}

	@Test
	void neighboursTakeTheFoldingsThatUnify() throws Exception {
		List<Node> system = nodes("for i0 = 0 to 3\n  " + EVENTS + "done\nfor i0 = 0 to 3\n  " + NEXT + "done\n");
		List<Node> alike = LoopsFoldedAlike.system(system, List.of(List.of(body(EVENTS), body(LOOP)), List.of()), List.of());
		assertNotNull(alike);
		assertEquals("""
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    0 send 1+i1 5
				  done
				done
				for i0 = 0 to 3
				  for i1 = 0 to 2
				    1 send 2+i1 5
				  done
				done
				""", ModelPrinter.print(ModelTerms.write(alike)));
	}

	/** Loops apart, or unifying as they are, keep their bodies. */
	@Test
	void otherLoopsKeepTheirBodies() throws Exception {
		List<List<List<Node>>> foldings = List.of(List.of(body(LOOP)), List.of(), List.of());
		String first = "for i0 = 0 to 3\n  " + EVENTS + "done\n";
		assertNull(LoopsFoldedAlike.system(nodes(first + "7 send 0 1\nfor i0 = 0 to 3\n  " + NEXT + "done\n"), foldings, List.of()));
		assertNull(LoopsFoldedAlike.system(nodes("for i0 = 0 to 3\n  " + LOOP + "done\nfor i0 = 0 to 3\n  " + NEXT + "done\n"),
				foldings, List.of()));
	}

	/**
	 * LU's lower and upper sweeps over 10 k-planes on grids of 2 to 6 columns and 2 to 5 rows,
	 * each rank in rank order receiving from west and north then sending east and south, then the
	 * other way: the two sweeps fold into one loop over the two directions, exactly. On grids of
	 * two rows each sweep alone folds smallest as a chain along its direction, and the two chains
	 * differ.
	 */
	@Test
	void lowerAndUpperSweepsJoinOnEveryGrid() throws Exception {
		for (int columns = 2; columns <= 6; columns++) {
			for (int rows = 2; rows <= 5; rows++) {
				Model sweeps = model(sweeps(columns, rows));
				Model folded = Folding.fold(List.of(sweeps), 1, Progress.NONE);
				String grid = columns + " x " + rows + ":\n" + ModelPrinter.print(folded);
				for (int rank = 0; rank < columns * rows; rank++) {
					assertEquals(Projection.events(sweeps, rank), Projection.events(folded, rank), grid);
				}
				assertTrue(ModelPrinter.print(folded).startsWith("for i0 = 0 to 1\n  for i1 = 0 to 9\n"), grid);
				assertTrue(Folding.constructs(folded) <= 12, grid);
			}
		}
	}

	/** The two sweeps of a grid of {@code columns} × {@code rows} ranks, rank r at column r mod columns. */
	private static String sweeps(int columns, int rows) {
		StringBuilder text = new StringBuilder("for i0 = 0 to 9\n");
		int ranks = columns * rows;
		for (int r = 0; r < ranks; r++) {
			exchange(text, r, r % columns > 0 ? r - 1 : -1, r >= columns ? r - columns : -1, 2, 4);
			exchange(text, r, r % columns < columns - 1 ? r + 1 : -1, r + columns < ranks ? r + columns : -1, -1, -1);
		}
		text.append("done\nfor i0 = 0 to 9\n");
		for (int r = ranks - 1; r >= 0; r--) {
			exchange(text, r, r % columns < columns - 1 ? r + 1 : -1, r + columns < ranks ? r + columns : -1, 1, 3);
			exchange(text, r, r % columns > 0 ? r - 1 : -1, r >= columns ? r - columns : -1, -1, -1);
		}
		return text.append("done\n").toString();
	}

	/**
	 * Rank r's receives from {@code along} then {@code across} with tags {@code alongTag} and
	 * {@code acrossTag}; with tags -1, its sends to them with the tags their receives expect
	 * (along 2 or 1, across 4 or 3, by the direction). A peer -1 is none.
	 */
	private static void exchange(StringBuilder text, int r, int along, int across, int alongTag, int acrossTag) {
		boolean receive = alongTag >= 0;
		int[] peers = { along, across };
		for (int k = 0; k < 2; k++) {
			int peer = peers[k];
			if (peer < 0) {
				continue;
			}
			if (receive) {
				text.append("  ").append(peer).append(" recv ").append(r).append(' ').append(k == 0 ? alongTag : acrossTag).append('\n');
			} else {
				int tag = (k == 0 ? 1 : 3) + (peer > r ? 1 : 0);
				text.append("  ").append(r).append(" send ").append(peer).append(' ').append(tag).append('\n');
			}
		}
	}
}
