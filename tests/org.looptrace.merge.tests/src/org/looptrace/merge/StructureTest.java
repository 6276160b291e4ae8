// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.merge.internal.GlobalConstruct;
import org.looptrace.merge.internal.GlobalLoop;
import org.looptrace.merge.internal.GlobalSystem;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NestedLoopRecognizer;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/** The shapes of figure 5: loops span ranks only where ranks communicate. */
class StructureTest {

	private static GlobalSystem merge(List<List<TraceEvent>> traces) throws InconsistentTraceException {
		List<Model> locals = new ArrayList<>();
		for (List<TraceEvent> trace : traces) {
			locals.add(NestedLoopRecognizer.model(trace.iterator(), NlrOptions.DEFAULTS, Progress.NONE));
		}
		return Merger.system(locals, new MergeOptions(2), Progress.NONE);
	}

	/** Figure 5b: LU's wavefront gives an outer loop over all ranks holding the two sweeps. */
	@Test
	void wavefrontGivesOneOuterLoopHoldingBothSweeps() throws Exception {
		for (int ranks : new int[] { 4, 9, 16 }) {
			Pattern pattern = Patterns.create("wavefront", ranks, 10, 1);
			List<List<TraceEvent>> traces = new ArrayList<>();
			for (int p = 0; p < ranks; p++) {
				List<TraceEvent> events = new ArrayList<>();
				pattern.events(p).forEachRemaining(events::add);
				traces.add(events);
			}
			GlobalSystem global = merge(traces);
			GlobalLoop outer = global.items.stream().filter(GlobalLoop.class::isInstance).map(GlobalLoop.class::cast)
					.filter(loop -> loop.coverage.equals(RankSet.range(0, ranks - 1))).findFirst().orElseThrow();
			long sweeps = outer.body.items.stream().filter(GlobalLoop.class::isInstance).count();
			assertEquals(2, sweeps, "inner loops of the outer loop on " + ranks + " ranks");
		}
	}

	/** Figure 5c: two groups that never talk to each other stay in two concurrent loops. */
	@Test
	void groupsThatNeverTalkStayInSeparateLoops() throws Exception {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < 6; p++) {
			traces.add(new ArrayList<>());
		}
		ring(traces, 0, 3, 20);
		ring(traces, 3, 3, 30);
		GlobalSystem global = merge(traces);
		List<RankSet> loops = new ArrayList<>();
		for (GlobalConstruct construct : global.items) {
			assertTrue(construct instanceof GlobalLoop, "only loops at the top");
			loops.add(construct.coverage);
		}
		assertEquals(List.of(RankSet.range(0, 2), RankSet.range(3, 5)), loops);
	}

	private static void ring(List<List<TraceEvent>> traces, int first, int size, int iterations) {
		for (int i = 0; i < iterations; i++) {
			for (int k = 0; k < size; k++) {
				int src = first + k;
				int dst = first + (k + 1) % size;
				traces.get(src).add(TraceEvent.send(src, dst, "7"));
				traces.get(dst).add(TraceEvent.recv(src, dst, "7"));
			}
		}
	}
}
