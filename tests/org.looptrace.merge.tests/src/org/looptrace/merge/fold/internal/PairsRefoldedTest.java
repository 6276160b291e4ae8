// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.model.core.Progress;

/** Runs of loops of two iterations, unrolled and fitted again by values. */
class PairsRefoldedTest {

	private static String refolded(String text) throws Exception {
		ValueFitPass fits = new ValueFitPass(Progress.NONE, new FitAnswers());
		return RewrittenTerms.rewritten(text, nodes -> PairsRefolded.refolded(nodes, List.of(), fits::copiesFitted));
	}

	/**
	 * Three stages forward then three backward, paired as (0, 1) (2, 3) (4, 5): a loop over the
	 * directions around a loop over the stages.
	 */
	@Test
	void stagesPairedAcrossDirectionsBecomeANest() throws Exception {
		assertEquals("""
				for i0 = 0 to 1
				  for i1 = 0 to 2
				    0 send 1+2*i0 30-10*i0+i1
				  done
				done
				""", refolded("""
				for i0 = 0 to 1
				  0 send 1 30+i0
				done
				for i0 = 0 to 1
				  0 send 1+2*i0 32-12*i0
				done
				for i0 = 0 to 1
				  0 send 3 21+i0
				done
				"""));
	}

	/** A pair alone, and a pair beside a loop of another count, stay as they are. */
	@Test
	void pairsOutsideRunsStay() throws Exception {
		String apart = """
				for i0 = 0 to 1
				  0 send 1 10+i0
				done
				2 send 3 7
				for i0 = 0 to 1
				  0 send 1 12+i0
				done
				for i0 = 0 to 2
				  0 send 1 14+i0
				done
				""";
		assertEquals(apart, refolded(apart));
	}

	/**
	 * Only the stretches whose loop could beat the best refitting at hand are fitted: a loop holds
	 * a send and a receive at least, so from the second copy on, the loop over the rest is the
	 * only stretch that can be smaller than the best, and from the first, the loop over all.
	 */
	@Test
	void onlyStretchesThatCanBeSmallerAreFitted() throws Exception {
		ValueFitPass fits = new ValueFitPass(Progress.NONE, new FitAnswers());
		List<Integer> stretches = new ArrayList<>();
		String refolded = RewrittenTerms.rewritten("""
				for i0 = 0 to 1
				  0 send 1 10+i0
				  0 recv 1 10+i0
				done
				for i0 = 0 to 1
				  0 send 1 12+i0
				  0 recv 1 12+i0
				done
				""", nodes -> PairsRefolded.refolded(nodes, List.of(), (items, ranges) -> {
			if (items.size() > 2) { // not the body of a fitted loop, fitted again
				stretches.add(items.size() / 2);
			}
			return fits.copiesFitted(items, ranges);
		}));
		assertEquals("""
				for i0 = 0 to 3
				  0 send 1 10+i0
				  0 recv 1 10+i0
				done
				""", refolded);
		// copies 2 and 3, 1 to 3, 0 to 3; all six stretches without the bound
		assertEquals(List.of(2, 3, 4), stretches);
	}
}
