// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.analysis.collectives.internal.Walk.Ev;

/**
 * Finds, at the fronts of the ranks' events, an operation all of whose members are ready: a range
 * of consecutive ranks and one of the communication graphs of {@link Shapes} over it (trees from
 * any root, star, butterfly, complete graph, dissemination, rings, lines) such that every member's
 * next events are exactly its sends and receives in that graph. Each member's share of the
 * operation is known from the graph, so the cut does not depend on the order the ranks' events
 * interleave in (a serial root, a rank that ran ahead into the next operation).
 * <p>
 * A range is tried only when every member's next event is with a member (the messages of an
 * operation stay inside it); of the graphs found, the one that takes the most events is kept (a
 * ring allgather rather than its first round).
 */
final class Steps {

	/** An operation found: the events it takes and the fronts after it. */
	record Step(List<Ev> events, int[] front) {
	}

	/**
	 * One graph over the members: its name (kind, size, root), its edges and how many times each
	 * edge is used.
	 */
	private record Graph(String name, Supplier<Set<Long>> edges, long times) {
	}

	private final List<List<Ev>> sequences;
	private final Map<Integer, Integer> indexOfRank = new HashMap<>();
	/** Per graph name, per member, the messages it takes part in: (send, peer member) to a count. */
	private final Map<String, List<Map<Long, Long>>> shares = new HashMap<>();

	Steps(List<List<Ev>> sequences) {
		this.sequences = sequences;
		for (int r = 0; r < sequences.size(); r++) {
			indexOfRank.put(sequences.get(r).get(0).owner(), r);
		}
	}

	/** The operation at {@code front} that takes the most events, or null. */
	@Nullable
	Step next(int[] front) {
		int count = sequences.size();
		int[] peer = new int[count];
		for (int r = 0; r < count; r++) {
			@Nullable Integer p = front[r] < sequences.get(r).size() ? indexOfRank.get(sequences.get(r).get(front[r]).peer()) : null;
			peer[r] = p == null ? -1 : p;
		}
		@Nullable Step best = null;
		for (int lo = 0; lo + 2 < count; lo++) {
			int least = Integer.MAX_VALUE;
			int most = -1;
			for (int hi = lo; hi < count && peer[hi] >= 0; hi++) {
				least = Math.min(least, peer[hi]);
				most = Math.max(most, peer[hi]);
				if (least < lo) {
					break; // a member talks below the range: no wider range helps
				}
				if (hi - lo >= 2 && most <= hi) {
					for (Graph graph : graphs(lo, hi, front)) {
						@Nullable Step step = take(graph, lo, hi, front);
						if (step != null && (best == null || step.events().size() > best.events().size())) {
							best = step;
						}
					}
				}
			}
		}
		return best;
	}

	/**
	 * The graphs over members lo..hi worth checking: every unrooted one, and the rooted ones whose
	 * root's next event is its first in the graph.
	 */
	private List<Graph> graphs(int lo, int hi, int[] front) {
		int n = hi - lo + 1;
		List<Graph> graphs = new ArrayList<>();
		graphs.add(new Graph("butterfly " + n, () -> Shapes.butterfly(n), 1));
		graphs.add(new Graph("complete " + n, () -> Shapes.complete(n), 1));
		graphs.add(new Graph("dissemination " + n, () -> Shapes.dissemination(n), 1));
		for (int distance : new int[] { 1, n - 1 }) {
			graphs.add(new Graph("shift " + n + " " + distance, () -> Shapes.shift(n, distance), 1));
			// a ring allgather's rounds
			graphs.add(new Graph("shift " + n + " " + distance, () -> Shapes.shift(n, distance), n - 1));
		}
		graphs.add(new Graph("line " + n, () -> Shapes.line(n, true, true), 1));
		graphs.add(new Graph("forward " + n, () -> Shapes.line(n, true, false), 1));
		graphs.add(new Graph("backward " + n, () -> Shapes.line(n, false, true), 1));
		for (int root = 0; root < n; root++) {
			Ev first = sequences.get(lo + root).get(front[lo + root]);
			int next = indexOfRank.get(first.peer()) - lo;
			int r = root;
			String rooted = n + " " + root;
			if (next == (root + 1) % n) {
				graphs.add(new Graph("linear " + first.send() + " " + rooted, () -> Shapes.linear(n, r, !first.send()), 1));
				graphs.add(new Graph("star " + rooted, () -> Shapes.star(n, r), 1));
			}
			// a binomial tree's root sends to the farthest child first, receives from the nearest first
			if (next == (first.send() ? root + Integer.highestOneBit(n - 1) : root + 1) % n) {
				graphs.add(new Graph("binomial " + first.send() + " " + rooted, () -> Shapes.binomial(n, r, !first.send()), 1));
			}
		}
		return graphs;
	}

	/** The events of the graph over members lo..hi when every member's next events are its part. */
	private @Nullable Step take(Graph graph, int lo, int hi, int[] front) {
		List<Map<Long, Long>> parts = shares.computeIfAbsent(graph.name() + " " + graph.times(), k -> parts(graph));
		int[] after = front.clone();
		List<Ev> events = new ArrayList<>();
		for (int i = 0; i <= hi - lo; i++) {
			Map<Long, Long> left = new HashMap<>(parts.get(i));
			List<Ev> sequence = sequences.get(lo + i);
			while (!left.isEmpty()) {
				if (after[lo + i] == sequence.size()) {
					return null;
				}
				Ev ev = sequence.get(after[lo + i]++);
				@Nullable Integer peer = indexOfRank.get(ev.peer());
				long key = key(ev.send(), peer == null ? -1 : peer - lo);
				@Nullable Long times = left.get(key);
				if (times == null) {
					return null;
				}
				if (times == 1) {
					left.remove(key);
				} else {
					left.put(key, times - 1);
				}
				events.add(ev);
			}
		}
		return new Step(events, after);
	}

	/** Per member of a graph, the messages it sends and receives, by (send, peer member). */
	private static List<Map<Long, Long>> parts(Graph graph) {
		List<Map<Long, Long>> parts = new ArrayList<>();
		for (long edge : graph.edges().get()) {
			int from = (int) (edge >>> 32);
			int to = (int) edge;
			while (parts.size() <= Math.max(from, to)) {
				parts.add(new HashMap<>());
			}
			parts.get(from).merge(key(true, to), graph.times(), Long::sum);
			parts.get(to).merge(key(false, from), graph.times(), Long::sum);
		}
		return parts;
	}

	private static long key(boolean send, int peer) {
		return (long) peer << 1 | (send ? 1 : 0);
	}
}
