// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.fold.internal.DepthExpr.Xor;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.Projection;

/**
 * The numbers of butterflies on their own: peers read as xors of their owners and written back,
 * copies over ranks and over stages unified, numbers that do not step refused, and a recursive
 * doubling recognized as one loop over its stages.
 */
class ButterfliesTest {

	private static final Map<String, Integer> ONE_LOOP = Map.of("i0", 0);

	private static DepthExpr number(String text) {
		try {
			Model model = ModelText.parse("for i0 = 0 to 7\n  0 send " + text + " 1\ndone\n", "number.loops");
			return DepthExprConversion.of(((org.looptrace.model.Send) ((org.looptrace.model.Loop) model.getItems().get(0)).getItems()
					.get(0)).getPeer(), ONE_LOOP);
		} catch (Exception e) {
			throw new IllegalArgumentException(text, e);
		}
	}

	private static String text(@Nullable DepthExpr number) {
		return number == null ? "none" : org.looptrace.model.core.Exprs.toText(DepthExprConversion.toExpr(number, List.of("i0", "i1")));
	}

	/** The peer p of rank r as {@code xor(r, r xor p)}, its constant argument kept. */
	private static DepthExpr hinted(long rank, long peer) {
		return new DepthExpr(new long[] { 0 }, DepthExpr.NONE, new Xor[] { Xor.of(1, new long[] { rank }, rank ^ peer, new long[] { 0 }) });
	}

	@Test
	void stagesUnifyAsAPowerThatSteps() {
		// stage 0 and 1 of ranks over i0: xor(i0,1) then xor(i0,2), one loop over the two stages at depth 1
		assertEquals("xor(i0,pow2(i1))", text(Butterflies.unify(number("xor(i0,1)"), number("xor(i0,2)"), null, 1)));
		assertEquals("xor(i0,pow2(2-i1))", text(Butterflies.unify(number("xor(i0,4)"), number("xor(i0,2)"), number("xor(i0,1)"), 1)));
		assertEquals("xor(i0,3*pow2(i1))", text(Butterflies.unify(number("xor(i0,3)"), number("xor(i0,6)"), null, 1)));
		// masks of other odd parts, or powers that do not step alike, do not unify
		assertNull(Butterflies.unify(number("xor(i0,1)"), number("xor(i0,3)"), null, 1));
		assertNull(Butterflies.unify(number("xor(i0,1)"), number("xor(i0,2)"), number("xor(i0,8)"), 1));
	}

	@Test
	void ranksOfAStageUnifyAsXorsOfTheirIndex() {
		// ranks 0, 1, 2 exchanging with rank xor 2: peers 2, 3, 0
		DepthExpr unified = Butterflies.unify(hinted(0, 2), hinted(1, 3), hinted(2, 0), 0);
		assertEquals("xor(i0,2)", text(unified));
		assertTrue(unified != null && unified.instantiatesTo(0, 3, hinted(3, 1)), "rank 3 continues the loop");
		// peers that are not a xor of one mask unify as their values do: a transpose 0, 4, 8
		assertEquals("4*i0", text(Butterflies.unify(new DepthExpr(new long[] { 0 }, DepthExpr.NONE), hinted(1, 4), hinted(2, 8), 0)));
		assertNull(Butterflies.unify(hinted(0, 1), hinted(1, 3), hinted(2, 0), 0));
	}

	@Test
	void hintedPeersKeepTheirValues() {
		Random random = new Random(5);
		StringBuilder text = new StringBuilder();
		for (int event = 0; event < 200; event++) {
			int rank = random.nextInt(8);
			int peer = random.nextInt(8);
			text.append(random.nextBoolean() ? rank + " send " + peer : peer + " recv " + rank).append(' ').append(random.nextInt(3)).append('\n');
		}
		Model model = parse(text.toString());
		List<Node> items = ModelTerms.read(List.of(model), Progress.NONE);
		List<Node> hinted = Butterflies.hinted(items);
		assertFalse(hinted.equals(items), "some peers are read as xors");
		Model written = ModelTerms.write(Butterflies.settled(hinted));
		assertEquals(ModelPrinter.print(model), ModelPrinter.print(written));
		for (int rank = 0; rank < 8; rank++) {
			assertEquals(Projection.events(model, rank), Projection.events(ModelTerms.write(hinted), rank), "rank " + rank);
		}
	}

	@Test
	void exchangesAcrossTwoBitsAreSeen() {
		assertTrue(Butterflies.exchanged(ModelTerms.read(List.of(parse("5 send 4 1\n5 send 7 1\n")), Progress.NONE)));
		// a ring: each rank across one bit at most, never two
		assertFalse(Butterflies.exchanged(ModelTerms.read(List.of(parse("0 send 1 1\n1 send 2 1\n2 send 3 1\n3 send 0 1\n")), Progress.NONE)));
	}

	@Test
	void recursiveDoublingIsOneLoopOverItsStages() {
		for (int ranks : new int[] { 4, 8, 32 }) {
			StringBuilder text = new StringBuilder();
			for (int bit = 1; bit < ranks; bit <<= 1) {
				for (int rank = 0; rank < ranks; rank++) {
					text.append(rank).append(" send ").append(rank ^ bit).append(" 3\n");
					text.append(rank ^ bit).append(" recv ").append(rank).append(" 3\n");
				}
			}
			Model model = parse(text.toString());
			List<Node> folded = Butterflies.settled(Recognizer.recognize(Butterflies.hinted(ModelTerms.read(List.of(model), Progress.NONE)), 0,
					RuleSet.BUTTERFLIES, new ArrayList<>(), Progress.NONE));
			Model written = ModelTerms.write(folded);
			assertEquals("for i0 = 0 to " + (Integer.numberOfTrailingZeros(ranks) - 1) + "\n  for i1 = 0 to " + (ranks - 1)
					+ "\n    i1 send xor(i1,pow2(i0)) 3\n    xor(i1,pow2(i0)) recv i1 3\n  done\ndone\n", ModelPrinter.print(written));
			for (int rank = 0; rank < ranks; rank++) {
				assertEquals(Projection.events(model, rank), Projection.events(written, rank), ranks + " ranks, rank " + rank);
			}
		}
	}

	private static Model parse(String text) {
		try {
			return ModelText.parse(text, "butterfly.loops");
		} catch (Exception e) {
			throw new IllegalArgumentException(text, e);
		}
	}
}
