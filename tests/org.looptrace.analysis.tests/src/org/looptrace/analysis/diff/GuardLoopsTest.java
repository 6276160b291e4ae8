// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.analysis.collectives.CollectivePatterns;
import org.looptrace.analysis.matrix.CommunicationMatrix;
import org.looptrace.analysis.patterns.ContextualPatterns;
import org.looptrace.lang.ModelText;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.testsupport.GuardModels;

/**
 * Analyses of models with guard loops (loops that run at some iterations of an enclosing loop only)
 * against their plain twins: the same matrix, patterns and collectives, and a diff that reports the
 * structure and aligns the rest.
 */
class GuardLoopsTest {

	private static final int PAIRS = 120;

	@Test
	void matricesPatternsAndCollectivesOfTheTwinsAreEqual() throws Exception {
		Random random = new Random(3);
		int compared = 0;
		for (int i = 0; i < PAIRS; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			Model guarded = ModelText.parse(pair.guarded(), "guarded.loops");
			Model plain = ModelText.parse(pair.plain(), "plain.loops");
			assertEquals(CommunicationMatrix.of(plain, Progress.NONE).channels(), CommunicationMatrix.of(guarded, Progress.NONE).channels(),
					pair::toString);
			if (pair.around()) {
				continue; // a loop read once in one twin, written out in the other: other places
			}
			compared++;
			assertEquals(ContextualPatterns.find(plain, false), ContextualPatterns.find(guarded, false), pair::toString);
			assertEquals(ContextualPatterns.global(plain, false), ContextualPatterns.global(guarded, false), pair::toString);
			assertEquals(CollectivePatterns.find(plain, false, Progress.NONE).patterns(),
					CollectivePatterns.find(guarded, false, Progress.NONE).patterns(), pair::toString);
		}
		assertTrue(compared > PAIRS / 5, compared + " pairs compared");
	}

	@Test
	void aDiffOfAGuardModelAlignsWhatFollowsTheGuard() throws Exception {
		Random random = new Random(4);
		for (int i = 0; i < PAIRS; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			Model guarded = ModelText.parse(pair.guarded(), "guarded.loops");
			assertEquals(List.of(), ModelDiff.compare(guarded, ModelText.parse(pair.guarded(), "same.loops"), false, Progress.NONE));
			// the twin: whatever the diff says of the structure, it ends
			ModelDiff.compare(guarded, ModelText.parse(pair.plain(), "plain.loops"), false, Progress.NONE);
			// one event added at the end: that is the whole difference
			Model edited = ModelText.parse(pair.guarded() + "0 local edited\n", "edited.loops");
			List<Difference> differences = ModelDiff.compare(guarded, edited, false, Progress.NONE);
			assertEquals(1, differences.size(), () -> differences + "\n" + pair.toString());
			assertEquals(Difference.Kind.ADDED, differences.get(0).kind(), () -> differences + "\n" + pair.toString());
			assertTrue(differences.get(0).what().contains("edited"), differences::toString);
		}
	}
}
