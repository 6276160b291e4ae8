// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.TraceEvent;

/**
 * NLR is streaming: a 10^8-event trace, generated as it is consumed and never stored, is modelled
 * with a heap that does not grow with its length. Tagged "long" (a few seconds); it runs in the
 * normal test command.
 */
@Tag("long")
class BoundedMemoryTest {

	private static final long SMALL = 1_000_000;
	private static final long LARGE = 100_000_000;

	@Test
	void heapDoesNotGrowWithTheTrace() {
		// an LU-like time step with an affine scatter: 4 * 160 + 15 + 1 = 656 events
		List<TraceEvent> step = new ArrayList<>();
		for (int i = 0; i < 160; i++) {
			step.add(TraceEvent.send(0, 1, "tag2"));
			step.add(TraceEvent.send(0, 4, "tag4"));
		}
		for (int i = 0; i < 160; i++) {
			step.add(TraceEvent.recv(1, 0, "tag1"));
			step.add(TraceEvent.recv(4, 0, "tag3"));
		}
		for (int dst = 1; dst <= 15; dst++) {
			step.add(TraceEvent.send(0, dst, "7"));
		}
		step.add(TraceEvent.local(0, List.of("step", "done")));
		NestedLoopRecognizer recognizer = new NestedLoopRecognizer(NlrOptions.DEFAULTS);
		long fed = 0;
		long heapAtSmall = 0;
		while (fed < LARGE) {
			recognizer.feed(step.get((int) (fed % step.size())));
			fed++;
			if (fed == SMALL) {
				heapAtSmall = usedHeapAfterGc();
			}
		}
		long heapAtLarge = usedHeapAfterGc();
		long growth = heapAtLarge - heapAtSmall;
		String figures = String.format("used heap after GC: %.2f MB at 10^6 events, %.2f MB at 10^8 events, growth %.3f MB",
				heapAtSmall / 1e6, heapAtLarge / 1e6, growth / 1e6);
		System.out.println("BoundedMemoryTest: " + figures);
		assertTrue(growth < 4_000_000, figures);
		Model model = recognizer.finish();
		// 10^8 events are 152439 whole steps and 256 events of the next one
		assertEquals(LARGE / step.size(), 1 + Long.parseLong(Exprs.toText(((Loop) model.getItems().get(0)).getUpper())),
				() -> ModelPrinter.print(model));
	}

	private static long usedHeapAfterGc() {
		Runtime runtime = Runtime.getRuntime();
		long used = Long.MAX_VALUE;
		for (int i = 0; i < 5; i++) {
			System.gc();
			used = Math.min(used, runtime.totalMemory() - runtime.freeMemory());
		}
		return used;
	}
}
