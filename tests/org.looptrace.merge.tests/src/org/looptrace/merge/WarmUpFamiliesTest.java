// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.junit.jupiter.api.Test;
import org.looptrace.merge.fold.Folding;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.testsupport.Projection;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * Programs that run their time step once before they time it (NPB's warm-up): a generated
 * pattern's run of one iteration, a barrier, then its run of n iterations, over patterns, rank
 * counts and iteration counts. The warm-up joins the timed loop, the steps between in a loop of
 * its first iteration only (a ring's rounds folded as one run of messages taken a round at a time),
 * and from 3 iterations on the model's size does not depend on the iteration count (at 2, a 2 × 2
 * solver's reductions fold otherwise, warm-up or not).
 */
class WarmUpFamiliesTest {

	private static final List<String> PATTERNS = List.of("ring", "halo", "torus", "multipartition", "wavefront", "solver", "butterfly");
	private static final int[] RANKS = { 4, 9, 16, 25, 64 };
	private static final int[] ITERATIONS = { 2, 3, 4, 6 };

	@Test
	void theWarmUpJoinsTheTimedLoopAtEveryRankAndIterationCount() throws Exception {
		for (String name : PATTERNS) {
			for (int ranks : RANKS) {
				if (name.equals("butterfly") && Integer.bitCount(ranks) != 1) {
					continue; // a butterfly's stages pair ranks by bits: powers of two only
				}
				long shape = -1;
				for (int iterations : ITERATIONS) {
					List<List<TraceEvent>> traces = warmedUp(name, ranks, iterations);
					Model model = Merger.merge(PropertiesTest.locals(traces, null), new MergeOptions(2), Progress.NONE);
					String run = name + " on " + ranks + " ranks, " + iterations + " iterations";
					List<List<TraceEvent>> projected = Projection.eventsOfEveryRank(model, ranks);
					for (int p = 0; p < ranks; p++) {
						assertEquals(traces.get(p), projected.get(p), run + ", rank " + p);
					}
					assertTrue(hasGuard(model), run + ": the warm-up stays apart\n" + ModelPrinter.print(model));
					long constructs = Folding.constructs(model);
					if (iterations >= 3) {
						assertTrue(shape < 0 || constructs == shape, run + ": " + constructs + " constructs, " + shape + " at 3 iterations\n"
								+ ModelPrinter.print(model));
						shape = constructs;
					}
				}
			}
		}
	}

	/** Every rank's events of the pattern run once, a barrier of all ranks, then the pattern run {@code iterations} times. */
	private static List<List<TraceEvent>> warmedUp(String name, int ranks, int iterations) {
		Pattern once = Patterns.create(name, ranks, 1, 1);
		Pattern timed = Patterns.create(name, ranks, iterations, 1);
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < ranks; p++) {
			List<TraceEvent> events = new ArrayList<>();
			once.events(p).forEachRemaining(events::add);
			events.add(TraceEvent.sync(p, "MPI_Barrier", RankSet.range(0, ranks - 1)));
			timed.events(p).forEachRemaining(events::add);
			traces.add(events);
		}
		return traces;
	}

	/** Whether a loop of the model runs at some iterations of an enclosing loop only (its lower bound an index). */
	private static boolean hasGuard(Model model) {
		for (Iterator<EObject> it = model.eAllContents(); it.hasNext();) {
			if (it.next() instanceof Loop loop && !Exprs.isConstant(loop.getLower())) {
				return true;
			}
		}
		return false;
	}
}
