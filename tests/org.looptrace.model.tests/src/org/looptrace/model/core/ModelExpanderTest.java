// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.looptrace.model.core.ModelBuilder.a;
import static org.looptrace.model.core.ModelBuilder.c;
import static org.looptrace.model.core.ModelBuilder.local;
import static org.looptrace.model.core.ModelBuilder.loop;
import static org.looptrace.model.core.ModelBuilder.model;
import static org.looptrace.model.core.ModelBuilder.recv;
import static org.looptrace.model.core.ModelBuilder.send;
import static org.looptrace.model.core.ModelBuilder.sync;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Model;

class ModelExpanderTest {

	private static List<String> lines(ModelExpander expander) {
		List<String> lines = new ArrayList<>();
		expander.forEachRemaining(event -> lines.add(event.toLine()));
		return lines;
	}

	@Test
	void nestedLoopsRepeatTheirBodies() {
		Model model = model(loop("i0", 0, 1, loop("i1", 0, 2, send(c(0), c(1), Exprs.symbol("t"))),
				recv(c(1), c(0), c(5))));
		assertEquals(List.of("0 send 1 t", "0 send 1 t", "0 send 1 t", "1 recv 0 5", "0 send 1 t", "0 send 1 t",
				"0 send 1 t", "1 recv 0 5"), lines(ModelExpander.expand(model)));
	}

	@Test
	void affineFieldsFollowTheirIndices() {
		// A hand-made scatter: 0 send 1..3 with tag 10+2*i0.
		Model model = model(loop("i0", 0, 2, send(c(0), a(1, 1, "i0"), a(10, 2, "i0"))));
		assertEquals(List.of("0 send 1 10", "0 send 2 12", "0 send 3 14"), lines(ModelExpander.expand(model)));
	}

	@Test
	void triangularBoundsDependOnOuterIndices() {
		Model model = model(loop("i0", 0, 3, loop("i1", c(0), a(0, 1, "i0"), local(c(2), a(0, 1, "i0"), a(0, 1, "i1")))));
		List<String> expected = new ArrayList<>();
		for (int i = 0; i <= 3; i++) {
			for (int j = 0; j <= i; j++) {
				expected.add("2 local " + i + " " + j);
			}
		}
		assertEquals(expected, lines(ModelExpander.expand(model)));
	}

	@Test
	void negativeStepsAndEmptyLoops() {
		Expr down = Exprs.canonical(10, Map.of("i0", -3L), List.of("i0"));
		Model model = model(loop("i0", 0, 2, local(c(0), down)), loop("i1", 5, 4, local(c(0), c(99))));
		assertEquals(List.of("0 local 10", "0 local 7", "0 local 4"), lines(ModelExpander.expand(model)));
	}

	@Test
	void innerIndexShadowsOuter() {
		Model model = model(loop("i", 0, 1, loop("i", 7, 7, local(c(0), a(0, 1, "i")))));
		assertEquals(List.of("0 local 7", "0 local 7"), lines(ModelExpander.expand(model)));
	}

	@Test
	void projectionKeepsTheEventsOwnedByARank() {
		Model model = model(loop("i0", 0, 1, send(c(0), c(1), c(3)), recv(c(0), c(1), c(3)), sync(c(1), "MPI_Barrier", "0-1"),
				sync(c(0), "MPI_Barrier", "0-1")));
		assertEquals(List.of("0 send 1 3", "0 sync MPI_Barrier 0,1", "0 send 1 3", "0 sync MPI_Barrier 0,1"),
				lines(ModelExpander.expand(model, 0)));
		assertEquals(List.of("0 recv 1 3", "1 sync MPI_Barrier 0,1", "0 recv 1 3", "1 sync MPI_Barrier 0,1"),
				lines(ModelExpander.expand(model, 1)));
	}

	@Test
	void valuesInRangeEvaluateExactlyEvenWhenAProductIsNot() {
		Model model = model(loop("i0", 0, 2, local(c(0), a(-6_000_000_000_000_000_000L, 5_000_000_000_000_000_000L, "i0"))));
		assertEquals(List.of("0 local -6000000000000000000", "0 local -1000000000000000000", "0 local 4000000000000000000"),
				lines(ModelExpander.expand(model)));
		Model outOfRange = model(loop("i0", 0, 4, local(c(0), a(-6_000_000_000_000_000_000L, 5_000_000_000_000_000_000L, "i0"))));
		ArithmeticException error = assertThrows(ArithmeticException.class, () -> lines(ModelExpander.expand(outOfRange)));
		assertEquals("-6000000000000000000+5000000000000000000*i0 evaluates to 14000000000000000000, out of the range of a "
				+ "64-bit number", error.getMessage());
	}

	@Test
	void unboundIndexIsReported() {
		Model model = model(local(c(0), a(0, 1, "k")));
		IllegalStateException error = assertThrows(IllegalStateException.class, () -> lines(ModelExpander.expand(model)));
		assertEquals("loop index 'k' is not bound by an enclosing loop", error.getMessage());
	}

	@Test
	void expansionMemoryDoesNotDependOnIterationCounts() {
		// 10^9 iterations are enumerated lazily: taking a few events must not materialize the rest.
		Model model = model(loop("i0", 0, 999_999_999L, local(c(0), a(0, 1, "i0"))));
		ModelExpander expander = ModelExpander.expand(model);
		for (int i = 0; i < 1000; i++) {
			assertEquals("0 local " + i, expander.next().toLine());
		}
	}

	/** Random models: the expansions of the top-level items, one after the other, are the model's, event for event. */
	@Test
	void theItemsExpandedOneByOneAreTheModelExpanded() {
		Random random = new Random(42);
		for (int trial = 0; trial < 200; trial++) {
			Model model = model(randomItems(random, 0, List.of()));
			List<String> byItems = new ArrayList<>();
			for (int position = 0; position < model.getItems().size(); position++) {
				byItems.addAll(lines(ModelExpander.expandItem(model, position)));
			}
			assertEquals(lines(ModelExpander.expand(model)), byItems, "trial " + trial);
		}
		Model events = model(local(c(3), c(1)), loop("i0", 0, 1, local(a(0, 1, "i0"), c(2))), loop("i1", 1, 0, local(c(0), c(3))));
		assertEquals(List.of("3 local 1"), lines(ModelExpander.expandItem(events, 0)));
		assertEquals(List.of("0 local 2", "1 local 2"), lines(ModelExpander.expandItem(events, 1)));
		assertEquals(List.of(), lines(ModelExpander.expandItem(events, 2)));
	}

	/**
	 * Owners with xors (a butterfly's peer at every stage, xors of rows of a grid, xors reading inner
	 * loops or shifted by the loop solved for): the events of a rank solved from its owners are those
	 * of the whole expansion it owns.
	 */
	@Test
	void projectionOfOwnersWithXorsKeepsTheEventsOwnedByARank() {
		Expr stage = a(0, 1, "s");
		Expr peer = xor(a(0, 1, "r"), stage);
		Model butterfly = model(loop("s", 0, 2, loop("r", 0, 7, send(a(0, 1, "r"), peer, stage), recv(EcoreUtil.copy(peer), a(0, 1, "r"), EcoreUtil.copy(stage)))));
		assertProjections(butterfly, "butterfly");
		Random random = new Random(20261128);
		for (int trial = 0; trial < 60; trial++) {
			assertProjections(model(randomXorItems(random, new ArrayList<>())), "trial " + trial);
		}
	}

	private static void assertProjections(Model model, String where) {
		List<TraceEvent> all = new ArrayList<>();
		ModelExpander.expand(model).forEachRemaining(all::add);
		int ranks = all.stream().mapToInt(TraceEvent::owner).max().orElse(0) + 1;
		for (int rank = 0; rank < ranks; rank++) {
			int owner = rank;
			assertEquals(all.stream().filter(event -> event.owner() == owner).map(TraceEvent::toLine).toList(),
					lines(ModelExpander.expand(model, rank)), where + ", rank " + rank + ":\n" + ModelPrinter.print(model));
		}
	}

	/** Loops over stages (s0, s1: 0..2) and ranks (r0, r1: 0..7) around locals owned by sums holding a xor. */
	private static Item[] randomXorItems(Random random, List<String> indices) {
		Item[] items = new Item[1 + random.nextInt(3)];
		for (int i = 0; i < items.length; i++) {
			List<String> free = new ArrayList<>(List.of("s0", "s1", "r0", "r1"));
			free.removeAll(indices);
			if (indices.size() < 3 && random.nextInt(3) > 0) {
				String index = free.get(random.nextInt(free.size()));
				List<String> inner = new ArrayList<>(indices);
				inner.add(index);
				items[i] = loop(index, 0, index.startsWith("s") ? 2 : 7, randomXorItems(random, inner));
			} else {
				items[i] = local(randomXorOwner(random, indices), c(i));
			}
		}
		return items;
	}

	/** {@code [8*r+] k*xor(r' + d, mask*2^shift)}, the shift 0, a stage index or 2 minus one. */
	private static Expr randomXorOwner(Random random, List<String> indices) {
		List<String> ranks = indices.stream().filter(index -> index.startsWith("r")).toList();
		List<String> stages = indices.stream().filter(index -> index.startsWith("s")).toList();
		Map<String, Long> argument = new HashMap<>();
		if (!ranks.isEmpty()) {
			argument.put(ranks.get(random.nextInt(ranks.size())), 1L);
		}
		Map<String, Long> shift = new HashMap<>();
		long shiftConstant = 0;
		if (!stages.isEmpty() && random.nextBoolean()) {
			boolean down = random.nextBoolean();
			shift.put(stages.get(random.nextInt(stages.size())), down ? -1L : 1L);
			shiftConstant = down ? 2 : 0;
		}
		Map<String, Long> terms = new HashMap<>();
		if (!ranks.isEmpty() && random.nextBoolean()) {
			terms.put(ranks.get(random.nextInt(ranks.size())), 8L);
		}
		List<String> scope = List.of("s0", "s1", "r0", "r1");
		return Exprs.canonical(random.nextInt(2), terms, List.of(),
				List.of(Exprs.xor(1 + random.nextInt(2), Exprs.canonical(random.nextInt(3), argument, scope), 1 + random.nextInt(3),
						Exprs.canonical(shiftConstant, shift, scope))),
				scope);
	}

	/** {@code xor(argument, pow2(shift))}. */
	private static Expr xor(Expr argument, Expr shift) {
		return Exprs.canonical(0, Map.of(), List.of(), List.of(Exprs.xor(1, argument, 1, EcoreUtil.copy(shift))), List.of("s", "r"));
	}

	/** One to four items: events whose rank and word are affine in the enclosing indices, loops (some empty) nested up to depth 3. */
	private static Item[] randomItems(Random random, int depth, List<String> indices) {
		Item[] items = new Item[1 + random.nextInt(4)];
		for (int i = 0; i < items.length; i++) {
			if (depth < 3 && random.nextBoolean()) {
				String index = "i" + depth;
				List<String> inner = new ArrayList<>(indices);
				inner.add(index);
				long lower = random.nextInt(3);
				items[i] = loop(index, lower, lower - 1 + random.nextInt(4), randomItems(random, depth + 1, inner));
			} else {
				items[i] = local(indices.isEmpty() ? c(random.nextInt(4)) : a(random.nextInt(4), 1, indices.get(random.nextInt(indices.size()))),
						indices.isEmpty() ? c(i) : a(i, random.nextInt(3) - 1, indices.get(indices.size() - 1)));
			}
		}
		return items;
	}
}
