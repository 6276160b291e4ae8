// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.internal.ide.constructs.ConstructFacts;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;
import org.looptrace.lang.internal.ide.constructs.ModelOutline.Node;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.scanner.Placement;
import org.looptrace.scanner.Positions;

/** The outline, hover and positions of model text, without a workbench. */
class ModelOutlineTest {

	/** A ring on 8 ranks: an outer loop, an inner loop over the ranks, a local event. */
	static final String RING = """
			// A ring exchange on 8 ranks.
			for i0 = 0 to 9
			  for i1 = 0 to 6
			    i1 send 1+i1 tag
			    i1 recv 1+i1 tag
			  done
			  0 local step i0 "done"
			done
			""";

	@Test
	void outlineNamesConstructsByPathWithIterationsAndEvents() {
		List<String> lines = new ArrayList<>();
		print(ModelOutline.of(RING, CancelIndicator.NullImpl), lines);
		assertEquals(List.of("1 for i0 = 0 to 9 (10 iterations, 150 events)", "1.1 for i1 = 0 to 6 (7 iterations, 140 events)",
				"1.1.1 i1 send 1+i1 tag (70 events)", "1.1.2 i1 recv 1+i1 tag (70 events)", "1.2 0 local step i0 \"done\" (10 events)"),
				lines);
		Node inner = ModelOutline.of(RING, CancelIndicator.NullImpl).get(0).children().get(0);
		assertEquals(RING.indexOf("for i1"), inner.offset());
		assertTrue(RING.substring(inner.offset(), inner.offset() + inner.length()).endsWith("done"), "a loop ends at its done");
	}

	@Test
	void triangularLoopsCountTheirIterationsAsPolynomials() {
		List<String> lines = new ArrayList<>();
		print(ModelOutline.of("for i = 0 to 3\n  for j = 0 to i\n    0 local x\n  done\ndone\n", CancelIndicator.NullImpl), lines);
		assertEquals(List.of("1 for i = 0 to 3 (4 iterations, 10 events)", "1.1 for j = 0 to i (1+i iterations, 10 events)",
				"1.1.1 0 local x (10 events)"), lines);
	}

	/** Paths are those of ConstructPath, events those of the expansion (where every loop runs forward). */
	@Test
	void pathsAndEventCountsOfRandomModelsAgreeWithConstructPathAndTheExpansion() {
		RandomModels models = new RandomModels(81);
		int checked = 0;
		for (int i = 0; i < 300; i++) {
			Model model = models.next();
			String text = ModelPrinter.print(model);
			List<Node> nodes = ModelOutline.of(text, CancelIndicator.NullImpl);
			Map<Construct, Long> counts = new HashMap<>();
			boolean countable = count(model, new HashMap<>(), counts, new long[] { 5_000_000 });
			for (Node node : flatten(nodes)) {
				Construct construct = ConstructPath.find(model, node.path());
				assertEquals(construct instanceof Loop, node.kind() == ModelOutline.Kind.LOOP, () -> node + " in\n" + text);
				if (countable) {
					assertEquals(String.valueOf(counts.getOrDefault(construct, 0L)), node.events(), () -> node + " in\n" + text);
				}
			}
			assertEquals(ConstructPath.constructs(model).size(), nodes.size());
			checked += countable ? 1 : 0;
		}
		assertTrue(checked > 50, "too few random models could be counted: " + checked);
	}

	@Test
	void hoverOfAConstructGivesItsRanksIterationsEventsAndPositions() throws Exception {
		String hover = ConstructFacts.hover(RING, RING.indexOf("for i1") + 1);
		assertTrue(hover != null && hover.startsWith("Loop 1.1: for i1 = 0 to 6\n"), hover);
		assertTrue(hover.contains("iterations: 7, events: 140 in the whole model\n"), hover);
		assertTrue(hover.contains("ranks: 0-7"), hover);
		Positions positions = Positions.of(ModelText.parse(RING, "ring.loops"));
		// The outer loop stays a loop on each rank: it has a # (the inner one runs over ranks, unrolled).
		String outer = ConstructFacts.hover(RING, RING.indexOf("for i0"));
		Placement placement = positions.placements(ConstructPath.find(positions.model(), "1"), 0).get(0);
		String expected = "rank 0: @ " + placement.at() + ", # " + placement.perIteration() + ", first event at " + placement.start();
		assertTrue(outer != null && outer.contains(expected), () -> "no '" + expected + "' in\n" + outer);
		assertTrue(outer.contains("positions (@ relative to the enclosing iteration, # events of one iteration):"), outer);
		// the ring's loop over ranks, unrolled on each rank: no # to explain
		assertTrue(hover.contains("positions (@ relative to the enclosing iteration):\n") && !hover.contains("# "), hover);
		assertEquals(null, ConstructFacts.hover(RING, 0), "a comment is no construct");
	}

	@Test
	void minedPositionsSayOnceWhatRanksShare() throws Exception {
		Positions positions = Positions.of(ModelText.parse(RING, "ring.loops"));
		List<ConstructFacts.Mining> minings = ConstructFacts.minings(RING, 4, CancelIndicator.NullImpl);
		assertEquals(5, minings.size());
		assertEquals(RING.indexOf("  for i1"), minings.get(1).offset());
		assertEquals(positions.summarize(ConstructPath.find(positions.model(), "1.1"), 4), minings.get(1).positions());
		assertEquals("@ 0 on ranks 0-7", minings.get(1).positions(), "every rank starts an iteration of the ring with it");
		assertEquals(List.of(), ConstructFacts.minings(RING.replace("done\n  0", "dnoe\n  0"), 4, CancelIndicator.NullImpl),
				"positions of a broken model");
	}

	@Test
	void theQuickFixReducesAnnotationRanksToThoseTheConstructCovers() {
		String text = RING.replace("  0 local step", "  get \"step\" {0-3,12-15}.time ->\n  0 local step");
		int ranks = text.indexOf("0-3,12-15");
		ConstructFacts.Replacement fix = ConstructFacts.coveredRanks(text, ranks + 2);
		assertEquals(new ConstructFacts.Replacement(ranks, "0-3,12-15".length(), "0"), fix);
		String covering = text.replace("{0-3,12-15}.time ->\n  0 local", "{0-3,12-15}.time ->\n  for r = 0 to 3\n    r sync MPI_Barrier 0-3\n  done\n  0 local");
		assertEquals(new ConstructFacts.Replacement(ranks, "0-3,12-15".length(), "0-3"), ConstructFacts.coveredRanks(covering, ranks + 2));
		assertEquals(null, ConstructFacts.coveredRanks(text.replace("{0-3,12-15}", "{12-15}"), ranks + 2), "no rank covered: no obvious fix");
		assertEquals(null, ConstructFacts.coveredRanks(text, text.indexOf("recv")), "a fix away from any annotation");
	}

	private static void print(List<Node> nodes, List<String> lines) {
		for (Node node : nodes) {
			lines.add(node.text());
			print(node.children(), lines);
		}
	}

	static List<Node> flatten(List<Node> nodes) {
		List<Node> all = new ArrayList<>();
		for (Node node : nodes) {
			all.add(node);
			all.addAll(flatten(node.children()));
		}
		return all;
	}

	/**
	 * Counts the events of each construct by running the loops; false when a loop runs backwards
	 * (upper below lower - 1), a bound overflows or the budget of steps is spent.
	 */
	private static boolean count(Block block, Map<String, Long> indices, Map<Construct, Long> counts, long[] budget) {
		for (Item item : block.getItems()) {
			if (!(item instanceof Construct construct)) {
				continue;
			}
			if (--budget[0] < 0) {
				return false;
			}
			if (construct instanceof Loop loop) {
				long lower;
				long upper;
				try {
					lower = Exprs.evaluate(loop.getLower(), indices::get);
					upper = Exprs.evaluate(loop.getUpper(), indices::get);
				} catch (ArithmeticException e) {
					return false;
				}
				// The outline's sums hold for loops that run forward (or are empty by one): others are not compared.
				if (upper < lower - 1 && !(Exprs.isConstant(loop.getLower()) && Exprs.isConstant(loop.getUpper()))) {
					return false;
				}
				Map<Construct, Long> inside = new HashMap<>();
				for (long value = lower; value <= upper; value++) {
					indices.put(loop.getIndex(), value);
					if (!count(loop, indices, inside, budget)) {
						return false;
					}
				}
				indices.remove(loop.getIndex());
				inside.forEach((inner, events) -> counts.merge(inner, events, Long::sum));
				counts.merge(loop, leaves(inside), Long::sum);
			} else {
				counts.merge(construct, 1L, Long::sum);
			}
		}
		return true;
	}

	private static long leaves(Map<Construct, Long> counts) {
		return counts.entrySet().stream().filter(entry -> !(entry.getKey() instanceof Loop)).mapToLong(Map.Entry::getValue).sum();
	}
}
