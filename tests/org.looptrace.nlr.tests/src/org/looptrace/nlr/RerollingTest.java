// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.nlr.Traces.assertLossless;
import static org.looptrace.nlr.Traces.letters;
import static org.looptrace.nlr.Traces.notation;
import static org.looptrace.nlr.Traces.outerCount;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Model;
import org.looptrace.model.core.TraceEvent;

/**
 * Time loops whose step ends the way its inner loop begins (NPB CG's shape): the on-line reduction
 * folds them rotated, the second look at the top level finds the steps in their real order.
 */
class RerollingTest {

	/** Letters as equal events only, so that the notation shows the nest. */
	private static final NlrOptions EQUAL_EVENTS = NlrOptions.DEFAULTS.withAffine(false);

	private static String nest(String text) {
		return notation(assertLossless(letters(text), EQUAL_EVENTS, text).getItems());
	}

	/**
	 * Rank 0 of NPB CG class S on 16 ranks (a, b: the two exchanges of its reduction, t: the transpose):
	 * the solver's step is abbatab, the time step 26 of them then ab; one warm-up step before a
	 * barrier (z), 15 after. Without the second look NLR found 5 iterations of three rotated steps.
	 */
	@Test
	void cgOnSixteenRanks() {
		String step = "abbatab".repeat(26) + "ab";
		assertEquals("q(abbatab)^26abz((abbatab)^26ab)^15y", nest("q" + step + "z" + step.repeat(15) + "y"));
	}

	/**
	 * Rank 0 of CG on 4 ranks: the step is aa(taaa)^25taa; NLR found one a, 14 steps rotated by one a,
	 * then the 15th step but its first a. The loop takes both as one more step.
	 */
	@Test
	void cgOnFourRanks() {
		String step = "aa" + "taaa".repeat(25) + "taa";
		Model model = assertLossless(letters("q" + step + "z" + step.repeat(15) + "y"), EQUAL_EVENTS, "CG 4");
		assertEquals(15, outerCount(model), () -> notation(model.getItems()));
	}

	/** The shapes of CrochemoreNestsTest: a residual that ends like the solver's body, or starts like it. */
	@Test
	void residualsLikeTheSolversBody() {
		assertEquals("((abcd)^25rcd)^15", nest(("abcd".repeat(25) + "rcd").repeat(15)));
		assertEquals(15, outerCount(assertLossless(letters("x" + ("abcd".repeat(25) + "ab").repeat(15) + "y"),
				EQUAL_EVENTS, "prefix")));
	}

	/**
	 * Random time loops: a step is a head, an inner loop of a random body, and a tail, where the head
	 * ends like the body or the tail starts like it; T steps between a lead and a trail, affine
	 * fields on and off. The model is lossless, and its time loop has the T steps.
	 */
	@Test
	void randomTimeLoopsAroundInnerLoopsAreFoundWhole() {
		Random random = new Random(13);
		int whole = 0;
		int rounds = 400;
		for (int round = 0; round < rounds; round++) {
			String body = randomWord(random, 2 + random.nextInt(5), 3);
			String head = randomWord(random, random.nextInt(3), 4) + body.substring(random.nextInt(body.length()));
			String tail = body.substring(0, random.nextInt(body.length() + 1)) + randomWord(random, 1 + random.nextInt(2), 4);
			String step = head + body.repeat(4 + random.nextInt(20)) + tail;
			int steps = 3 + random.nextInt(15);
			String text = "x" + step.repeat(steps) + "y";
			List<TraceEvent> trace = letters(text);
			NlrOptions options = round % 2 == 0 ? EQUAL_EVENTS : NlrOptions.DEFAULTS;
			Model model = assertLossless(trace, options, "round " + round + " " + text);
			if (outerCount(model) == steps) {
				whole++;
			}
		}
		assertTrue(whole >= rounds * 9 / 10, whole + " of " + rounds + " time loops found whole");
	}

	/** A random word over the first {@code letters} letters. */
	private static String randomWord(Random random, int length, int letters) {
		StringBuilder word = new StringBuilder();
		for (int i = 0; i < length; i++) {
			word.append((char) ('a' + random.nextInt(letters)));
		}
		return word.toString();
	}
}
