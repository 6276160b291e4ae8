// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.merge.PropertiesTest;
import org.looptrace.merge.SweepFamiliesTest;
import org.looptrace.model.Model;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.ModelPrinter;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;

/** The canonical order of closed exchanges: valid, the same for every order read, role by role for Sweep3D's octants on every grid. */
class ExchangeOrderTest {

	/** Sweep3D on a 2 × 2 grid, the block of the octants from corners 3, 2 and 0, in the orders the merge wrote them. */
	private static final String[] OCTANTS = { """
			3 send 2 3000
			3 recv 2 3000
			2 send 0 4000
			3 send 1 4000
			3 recv 1 4000
			1 send 0 3000
			1 recv 0 3000
			2 recv 0 4000
			""", """
			2 send 3 5000
			2 recv 3 5000
			2 send 0 20000
			2 recv 0 20000
			0 send 1 5000
			0 recv 1 5000
			3 send 1 20000
			3 recv 1 20000
			""", """
			0 send 1 7000
			0 recv 1 7000
			0 send 2 14000
			0 recv 2 14000
			1 send 3 14000
			2 send 3 7000
			2 recv 3 7000
			1 recv 3 14000
			""" };

	/**
	 * Each octant, in the canonical order, is the first with its ranks renamed: position by position
	 * the same kinds, under one one-to-one renaming of ranks.
	 */
	@Test
	void octantsFromDifferentCornersTakeOneOrder() throws Exception {
		Node[] first = ExchangeOrder.canonical(events(OCTANTS[0]));
		for (String octant : OCTANTS) {
			assertRenamed(first, ExchangeOrder.canonical(events(octant)), octant);
		}
	}

	/**
	 * On grids of two rows, where every rank is on an edge, the blocks of the eight octants as the
	 * merge wrote them, in the canonical order: each the first with its ranks renamed (ranks that
	 * first act in the same wave are told apart by whom they hear from, not by their numbers).
	 */
	@Test
	void octantsOfGridsOfTwoRowsTakeOneOrder() throws Exception {
		for (int[] grid : new int[][] { { 2, 3 }, { 2, 5 }, { 2, 6 }, { 3, 4 } }) {
			List<List<TraceEvent>> traces = SweepFamiliesTest.sweeps(grid[0], grid[1], 3, new int[] { 1, 2, 3, 4, 5, 6, 7, 8 }, 1);
			Model merged = Merger.merge(PropertiesTest.locals(traces, null), new MergeOptions(1, false), Progress.NONE);
			List<Node[]> bodies = new ArrayList<>();
			for (Node item : ModelTerms.read(List.of(merged), Progress.NONE)) {
				if (item instanceof LoopNode loop) {
					bodies.add(ExchangeOrder.canonical(loop.body));
				}
			}
			assertEquals(8, bodies.size(), grid[0] + " × " + grid[1] + ": octants\n" + ModelPrinter.print(merged));
			for (Node[] body : bodies) {
				assertRenamed(bodies.get(0), body, grid[0] + " × " + grid[1]);
			}
		}
	}

	/** Position by position the same kinds, under one one-to-one renaming of ranks. */
	private static void assertRenamed(Node[] first, Node[] body, String what) {
		assertEquals(first.length, body.length, what);
		Map<Long, Long> renaming = new HashMap<>();
		Map<Long, Long> back = new HashMap<>();
		for (int i = 0; i < body.length; i++) {
			EventNode expected = (EventNode) first[i];
			EventNode actual = (EventNode) body[i];
			assertEquals(expected.kind, actual.kind, what + " position " + i);
			for (int k = 0; k < 2; k++) {
				long from = expected.numbers[k].constantTerm();
				long to = actual.numbers[k].constantTerm();
				assertEquals(to, renaming.computeIfAbsent(from, key -> to), what + " position " + i);
				assertEquals(from, back.computeIfAbsent(to, key -> from), what + " position " + i);
			}
		}
	}

	/** Octants as sibling loops are all reordered; a single closed exchange has no sibling to join. */
	@Test
	void siblingsAreReorderedOnlyInPairs() throws Exception {
		List<Node> loops = nodes("for i = 0 to 9\n" + OCTANTS[0] + "done\nfor i = 0 to 9\n" + OCTANTS[2] + "done\n");
		List<Node> reordered = ExchangeOrder.canonicalBodies(loops);
		assertNotNull(reordered);
		for (int k = 0; k < loops.size(); k++) {
			assertArrayEquals(ExchangeOrder.canonical(((LoopNode) loops.get(k)).body), ((LoopNode) reordered.get(k)).body);
		}
		assertNull(ExchangeOrder.canonicalBodies(loops.subList(0, 1)));
	}

	/** A receive of a message sent in an earlier iteration, a send received later, a collective: kept as read. */
	@Test
	void openExchangesAreKeptAsRead() throws Exception {
		for (String text : List.of("1 recv 0 5\n0 send 1 5\n", "0 send 1 5\n1 send 0 5\n0 recv 1 5\n",
				"0 send 1 5\n0 recv 1 5\n0 sync MPI_Barrier 0-1\n1 sync MPI_Barrier 0-1\n")) {
			Node[] body = events(text);
			assertSame(body, ExchangeOrder.canonical(body), text);
		}
	}

	/**
	 * Random closed exchanges among up to five ranks (some messages alike), each read in a random
	 * order of its own: the canonical order keeps every rank's order and sends every message before
	 * it is received, and is the same whatever the order read.
	 */
	@Test
	void everyOrderReadGivesTheSameValidOrder() throws Exception {
		Random random = new Random(11);
		for (int round = 0; round < 500; round++) {
			List<String> exchange = exchange(random);
			Node[] read = events(String.join("\n", exchange) + "\n");
			Node[] canonical = ExchangeOrder.canonical(read);
			assertValid(read, canonical, "round " + round);
			Node[] other = events(String.join("\n", otherOrder(exchange, random)) + "\n");
			assertArrayEquals(canonical, ExchangeOrder.canonical(other), "round " + round + ": " + exchange);
		}
	}

	/** A closed exchange as the merge would write it: ranks send at random, pending messages received at random. */
	private static List<String> exchange(Random random) {
		int ranks = 2 + random.nextInt(4);
		List<String> pending = new ArrayList<>();
		List<String> lines = new ArrayList<>();
		for (int sent = 1 + random.nextInt(8); sent > 0 || !pending.isEmpty();) {
			if (sent > 0 && (pending.isEmpty() || random.nextBoolean())) {
				int from = random.nextInt(ranks);
				int to = (from + 1 + random.nextInt(ranks - 1)) % ranks;
				String message = from + " %s " + to + " " + random.nextInt(2);
				lines.add(message.formatted("send"));
				pending.add(message);
				sent--;
			} else {
				// Messages alike are all one string: whichever is taken, the first sent is received.
				lines.add(pending.remove(random.nextInt(pending.size())).formatted("recv"));
			}
		}
		return lines;
	}

	/** Another order of the exchange: a random topological order of its rank orders and messages. */
	private static List<String> otherOrder(List<String> lines, Random random) {
		int size = lines.size();
		List<List<Integer>> successors = new ArrayList<>();
		int[] waiting = new int[size];
		Map<String, Integer> lastOfRank = new HashMap<>();
		Map<String, ArrayDeque<Integer>> unreceived = new HashMap<>();
		for (int i = 0; i < size; i++) {
			successors.add(new ArrayList<>());
			String[] fields = lines.get(i).split(" ");
			String message = fields[0] + " " + fields[2] + " " + fields[3];
			String rank = fields[1].equals("send") ? fields[0] : fields[2];
			Integer previous = lastOfRank.put(rank, i);
			if (previous != null) {
				successors.get(previous).add(i);
				waiting[i]++;
			}
			if (fields[1].equals("send")) {
				unreceived.computeIfAbsent(message, key -> new ArrayDeque<>()).add(i);
			} else {
				successors.get(unreceived.get(message).poll()).add(i);
				waiting[i]++;
			}
		}
		List<Integer> ready = new ArrayList<>();
		for (int i = 0; i < size; i++) {
			if (waiting[i] == 0) {
				ready.add(i);
			}
		}
		List<String> result = new ArrayList<>();
		while (!ready.isEmpty()) {
			int i = ready.remove(random.nextInt(ready.size()));
			result.add(lines.get(i));
			for (int next : successors.get(i)) {
				if (--waiting[next] == 0) {
					ready.add(next);
				}
			}
		}
		assertEquals(size, result.size(), "the exchange has a cycle: " + lines);
		return result;
	}

	/** The order holds the events read, each rank's in its order, each receive after a send alike not yet received. */
	private static void assertValid(Node[] read, Node[] order, String what) {
		assertEquals(read.length, order.length, what);
		Map<Long, List<Node>> readByRank = new HashMap<>();
		Map<Long, List<Node>> orderByRank = new HashMap<>();
		for (Node node : read) {
			readByRank.computeIfAbsent((long) node.ranks.min(), key -> new ArrayList<>()).add(node);
		}
		Map<String, Integer> inFlight = new HashMap<>();
		for (Node node : order) {
			orderByRank.computeIfAbsent((long) node.ranks.min(), key -> new ArrayList<>()).add(node);
			EventNode event = (EventNode) node;
			int count = inFlight.merge(Arrays.toString(event.numbers), event.kind == EventKind.SEND ? 1 : -1, Integer::sum);
			assertTrue(count >= 0, what + ": received before sent " + List.of(order));
		}
		assertEquals(readByRank, orderByRank, what + ": a rank's order changed");
	}

	private static Node[] events(String text) throws ModelTextException {
		return nodes(text).toArray(new Node[0]);
	}

	private static List<Node> nodes(String text) throws ModelTextException {
		return ModelTerms.read(List.of(ModelText.parse(text, "exchange.loops")), Progress.NONE);
	}
}
