// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.looptrace.merge.fold.internal.DepthExpr.Residue;

/**
 * The folding's value fits asked through {@link FitAnswers}: the answer {@link ValueFit#fit} gives,
 * found or refused, and the same answer again when the same question comes back in new objects
 * (copies, ranges and moduli compared by value).
 */
class FitAnswersTest {

	@Test
	void eachQuestionIsAnsweredAsAFitWouldAnswerItAndOnce() {
		Random random = new Random(53);
		FitAnswers answers = new FitAnswers();
		int found = 0;
		for (int run = 0; run < 300; run++) {
			long modulus = 2 + random.nextInt(4);
			DepthExpr[] copies = randomCopies(random, 3 + random.nextInt(3), modulus);
			DepthExpr expected = ValueFit.fit(copies, 0, ranges(), Set.of(modulus));
			DepthExpr answered = answers.fit(copies, 0, ranges(), Set.of(modulus));
			assertEquals(expected, answered);
			DepthExpr again = answers.fit(copies.clone(), 0, ranges(), Set.of(modulus));
			if (answered != null) {
				assertSame(answered, again, "the answer kept");
				found++;
			} else {
				assertNull(again);
			}
			// another question: an affine number only (a loop's bound) over the same copies
			assertEquals(ValueFit.fit(copies, 0, ranges(), null), answers.fit(copies, 0, ranges(), null));
		}
		// both kinds of answer were met
		assertTrue(found > 30 && found < 300, found + " of 300 found");
	}

	/**
	 * Copies inside an enclosing loop whose index they do not read (at depth 0, over 0..5), the new
	 * index placed before or after the index they read: answered as a fit at that depth answers, from
	 * the question without the unread index (asked first, its answer is the one kept).
	 */
	@Test
	void anIndexNoCopyReadsLeavesTheAnswerAsAFitGivesIt() {
		Random random = new Random(59);
		FitAnswers answers = new FitAnswers();
		int found = 0;
		for (int run = 0; run < 300; run++) {
			long modulus = 2 + random.nextInt(4);
			DepthExpr[] copies = randomCopies(random, 3 + random.nextInt(3), modulus);
			DepthExpr[] inside = new DepthExpr[copies.length];
			for (int c = 0; c < copies.length; c++) {
				inside[c] = copies[c].lifted(0);
			}
			DepthExpr kept = answers.fit(copies, 0, ranges(), Set.of(modulus));
			for (int depth = 1; depth <= 2; depth++) {
				List<long @Nullable []> ranges = List.of(new long[] { 0, 5 }, new long[] { 0, 1 });
				DepthExpr expected = ValueFit.fit(inside, depth, ranges, Set.of(modulus));
				assertEquals(expected, answers.fit(inside, depth, ranges, Set.of(modulus)), "depth " + depth);
			}
			assertEquals(kept == null ? null : kept.lifted(0), answers.fit(inside, 1, List.of(new long[] { 0, 5 }, new long[] { 0, 1 }), Set.of(modulus)));
			found += kept != null ? 1 : 0;
		}
		assertTrue(found > 30 && found < 300, found + " of 300 found");
	}

	/** Copies of an inner index over 0..1, of random affine parts and sometimes a residue. */
	private static DepthExpr[] randomCopies(Random random, int k, long modulus) {
		DepthExpr[] copies = new DepthExpr[k];
		boolean related = random.nextBoolean();
		for (int j = 0; j < k; j++) {
			List<Residue> residues = new ArrayList<>();
			if (random.nextInt(3) == 0) {
				residues.add(new Residue(1 + random.nextInt(3), new long[] { random.nextInt(8), 1 }, modulus));
			}
			long constant = related ? 100 + 7 * j : random.nextInt(1000);
			copies[j] = DepthExpr.of(new long[] { constant, related ? 2 : random.nextInt(5) }, residues);
		}
		return copies;
	}

	/** New arrays each time: the ranges of a question compare by value. */
	private static List<long @Nullable []> ranges() {
		return List.of(new long[] { 0, 1 });
	}
}
