// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;
import org.looptrace.lang.internal.ide.constructs.ModelOutline.Node;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.testsupport.GuardModels;

/**
 * Guard loops (loops whose bounds leave them empty at some iterations of an enclosing loop) in the
 * editor's core: no problem reported, and event counts exact (the range of the enclosing loop split
 * where the guard's trip count changes sign) or {@code ?}, never a wrong number.
 */
class GuardLoopsTest {

	@Test
	void guardModelsAndTheirTwinsValidateWithoutProblems() {
		Random random = new Random(5);
		for (int i = 0; i < 100; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			assertEquals(List.of(), Texts.issues(pair.guarded()), pair.guarded());
			assertEquals(List.of(), Texts.issues(pair.plain()), pair.plain());
		}
	}

	@Test
	void eventCountsOfGuardModelsAreThoseOfTheRunOrUnknown() throws Exception {
		Random random = new Random(7);
		int exact = 0;
		int unknown = 0;
		for (int i = 0; i < 200; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			Model model = ModelText.parse(pair.guarded(), "guarded.loops");
			Map<Construct, Long> counts = new IdentityHashMap<>();
			count(model, new HashMap<>(), counts);
			long total = 0;
			for (Node node : ModelOutlineTest.flatten(ModelOutline.of(pair.guarded(), CancelIndicator.NullImpl))) {
				Construct construct = ConstructPath.find(model, node.path());
				if (node.events().equals("?")) {
					unknown++;
					continue;
				}
				assertEquals(String.valueOf(counts.getOrDefault(construct, 0L)), node.events(), () -> node + " in\n" + pair.guarded());
				exact++;
			}
			for (Node node : ModelOutline.of(pair.plain(), CancelIndicator.NullImpl)) {
				total += Long.parseLong(node.events());
			}
			long guardedTotal = 0;
			for (Item item : model.getItems()) {
				guardedTotal += item instanceof Construct construct ? counts.getOrDefault(construct, 0L) : 0;
			}
			assertEquals(total, guardedTotal, pair.plain());
		}
		assertTrue(exact > 20 * unknown, exact + " counts exact, " + unknown + " unknown");
	}

	@Test
	void aWarmUpCountsItsIterationsAndEvents() {
		assertEquals(List.of("1 for i0 = 0 to 3 (4 iterations, 784 events)", "1.1 for i1 = 0 to 3 (4 iterations, 784 events)",
				"1.1.1 for i2 = 0 to 15 (16 iterations, 784 events)", "1.1.1.1 4*i0+i1 local compute i2 (256 events)",
				"1.1.1.2 for i3 = i2 to 0 (max(0,1-i2) iterations, 16 events)", "1.1.1.2.1 4*i0+i1 sync MPI_Barrier 0-15 (16 events)",
				"1.1.1.3 4*i0+i1 send 0 t0 (256 events)", "1.1.1.4 4*i0+i1 recv 0 t0 (256 events)"), outline(GuardModels.warmUp(16).guarded()));
	}

	@Test
	void aGuardWhoseTripCountReadsTwoIndicesIsCountedPieceByPiece() {
		String text = "for i = 0 to 3\n  for j = 0 to 2\n    for g = i to j\n      0 local x\n    done\n  done\ndone\n";
		assertEquals(List.of("1 for i = 0 to 3 (4 iterations, 10 events)", "1.1 for j = 0 to 2 (3 iterations, 10 events)",
				"1.1.1 for g = i to j (max(0,1+j-i) iterations, 10 events)", "1.1.1.1 0 local x (10 events)"), outline(text));
		// up to 2*j: j's range starts at i/2, rounded up: no polynomial in i
		assertEquals(List.of("1 for i = 0 to 3 (4 iterations, ? events)", "1.1 for j = 0 to 2 (3 iterations, ? events)",
				"1.1.1 for g = i to 2*j (max(0,1+2*j-i) iterations, ? events)", "1.1.1.1 0 local x (? events)"),
				outline(text.replace("g = i to j", "g = i to 2*j")));
	}

	private static List<String> outline(String text) {
		return ModelOutlineTest.flatten(ModelOutline.of(text, CancelIndicator.NullImpl)).stream().map(Node::text).toList();
	}

	/** Counts the events of each construct by running its loops, a loop whose upper bound is below its lower one running none. */
	private static void count(Block block, Map<String, Long> indices, Map<Construct, Long> counts) {
		for (Item item : block.getItems()) {
			if (item instanceof Construct construct) {
				run(construct, indices, counts);
			}
		}
	}

	/** The events of one run of a construct, added to its count and to those of the constructs inside it. */
	private static long run(Construct construct, Map<String, Long> indices, Map<Construct, Long> counts) {
		long events = 0;
		if (construct instanceof Event) {
			events = 1;
		} else if (construct instanceof Loop loop) {
			long upper = Exprs.evaluate(loop.getUpper(), indices::get);
			for (long value = Exprs.evaluate(loop.getLower(), indices::get); value <= upper; value++) {
				indices.put(loop.getIndex(), value);
				for (Item item : loop.getItems()) {
					events += item instanceof Construct inner ? run(inner, indices, counts) : 0;
				}
			}
			indices.remove(loop.getIndex());
		}
		counts.merge(construct, events, Long::sum);
		return events;
	}
}
