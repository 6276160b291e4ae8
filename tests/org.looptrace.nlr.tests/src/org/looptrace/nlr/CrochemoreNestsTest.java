// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.looptrace.nlr.Traces.assertExpandsTo;
import static org.looptrace.nlr.Traces.assertModel;
import static org.looptrace.nlr.Traces.letters;
import static org.looptrace.nlr.Traces.notation;
import static org.looptrace.nlr.Traces.outerCount;
import static org.looptrace.nlr.Traces.randomEvent;
import static org.looptrace.nlr.Traces.send;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.crochemore.CrochemoreNests;
import org.looptrace.nlr.crochemore.CrochemoreNests.Construction;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.trace.generate.Patterns;

/**
 * Loop nests of Xu and Subhlok: lossless on random and generated traces (invariant 1, as NLR's
 * models), and the structures of the paper's examples and of CG's time loop.
 */
class CrochemoreNestsTest {

	private static Model assertLossless(List<TraceEvent> trace, Construction construction, String what) {
		return assertExpandsTo(trace, CrochemoreNests.model(trace, construction, Progress.NONE), what + " " + construction);
	}

	private static String nest(String text, Construction construction) {
		return notation(assertLossless(letters(text), construction, text).getItems());
	}

	@Test
	void papersExamples() {
		for (Construction construction : Construction.values()) {
			assertEquals("(ab)^4", nest("abababab", construction));
			assertEquals("(abcd)^4", nest("abcdabcdabcdabcd", construction));
			assertEquals("(e(ab)^4f)^3", nest("eababababfeababababfeababababf", construction));
		}
		// section 4.2: greedy reduces (a)^2 first and misses the loop of the longest body
		assertEquals("(ab(a)^2b)^2(a)^2b", nest("abaababaabaab", Construction.OPTIMAL));
		assertEquals("ab(a)^2ba(b(a)^2)^2b", nest("abaababaabaab", Construction.GREEDY));
		assertEquals("(ab(a)^2b)^3(a)^2b", nest("abaababaababaabaab", Construction.OPTIMAL));
		assertEquals("(ab(a)^2b)^2a(b(a)^2)^2b", nest("abaababaababaabaab", Construction.GREEDY));
	}

	/**
	 * NPB CG's shape (tables 3 and 5 of Xu and Subhlok): 15 time steps, each a solver loop of 25
	 * iterations then a residual. When the residual ends like the solver's body, the solver's run
	 * starts inside the residual; when it starts like the body, two copies of its start meet at the
	 * junction. The optimal nest finds the time loop whole either way; greedy folds a rotated time
	 * loop with at most two iterations fewer (appendix A of the paper).
	 */
	@Test
	void timeLoopAroundASolverWhoseResidualLooksLikeItsBody() {
		String suffix = ("abcd".repeat(25) + "rcd").repeat(15);
		assertEquals("((abcd)^25rcd)^15", nest(suffix, Construction.OPTIMAL));
		String prefix = "x" + ("abcd".repeat(25) + "ab").repeat(15) + "y";
		assertEquals("x((abcd)^25ab)^15y", nest(prefix, Construction.OPTIMAL));
		for (String trace : List.of(suffix, prefix)) {
			assertTrue(outerCount(assertLossless(letters(trace), Construction.GREEDY, "CG")) >= 13,
					() -> "greedy: " + nest(trace, Construction.GREEDY));
		}
	}

	@Test
	void randomEventsFromSmallAlphabets() {
		Random random = new Random(21);
		for (int round = 0; round < 1500; round++) {
			int alphabet = 1 + random.nextInt(6);
			List<TraceEvent> trace = new ArrayList<>();
			for (int i = random.nextInt(300); i > 0; i--) {
				trace.add(randomEvent(random, alphabet));
			}
			assertLossless(trace, Construction.values()[round % 2], "random round " + round);
		}
	}

	@Test
	void randomLoopNestsWithAffineFieldsAndTriangularBounds() {
		Random random = new Random(22);
		for (int round = 0; round < 1000; round++) {
			List<TraceEvent> trace = Traces.randomNest(random, 1 + random.nextInt(4), 3000);
			assertLossless(trace, Construction.values()[round % 2], "nest round " + round);
		}
	}

	/** A period broken by one different event, anywhere, including the first and last iteration. */
	@Test
	void nearRepetitions() {
		Random random = new Random(23);
		for (int round = 0; round < 1500; round++) {
			assertLossless(Traces.nearRepetition(random), Construction.values()[round % 2], "near repetition round " + round);
		}
	}

	/** The generated skeletons of real codes, as in examples/, every rank. */
	@Test
	void generatedPatterns() {
		for (String name : Patterns.ALL) {
			for (int rank = 0; rank < 16; rank++) {
				List<TraceEvent> trace = new ArrayList<>();
				GeneratedPatterns.create(name, 16, 12, 7).events(rank).forEachRemaining(trace::add);
				for (Construction construction : Construction.values()) {
					Model model = assertLossless(trace, construction, name + " rank " + rank);
					if (!name.equals("random") && trace.size() > 100) {
						assertTrue(model.getItems().size() < trace.size() / 4,
								name + " rank " + rank + " " + construction + ": hardly folded");
					}
				}
			}
		}
	}

	@Test
	void emptyAndTinyTraces() {
		for (Construction construction : Construction.values()) {
			assertModel("", assertLossless(List.of(), construction, "empty"));
			assertModel("0 send 1 t\n", assertLossless(letters("b"), construction, "one event"));
			assertModel("for i0 = 0 to 1\n  0 send 1 t\ndone\n", assertLossless(letters("bb"), construction, "two"));
		}
	}
}
