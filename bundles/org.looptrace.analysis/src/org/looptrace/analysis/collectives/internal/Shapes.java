// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

import org.looptrace.analysis.collectives.internal.Walk.Ev;
import org.looptrace.model.core.RankSet;

/**
 * The shapes a group of messages is compared with. The ranks taking part are numbered 0 to n-1 in
 * ascending order (a group need not be the whole run), a rooted shape is numbered from its root
 * ({@code v = (i - root) mod n}), and the messages of the group must be exactly those the
 * hand-rolled algorithm sends, each as many times.
 * <p>
 * Some operations send the same messages: a broadcast and a scatter (linear or binomial), a reduce
 * and a gather, a butterfly allreduce and a recursive-doubling allgather. Only the sizes of the
 * messages tell them apart: a broadcast, a reduce and an allreduce send the same amount on every
 * edge, while a binomial scatter sends each child its subtree's share, a binomial gather the
 * reverse, and a recursive-doubling allgather doubles its amount every round. With sizes (from the
 * data traces), a binomial tree or butterfly whose edges carry exactly those amounts is named
 * scatter, gather or allgather; with equal amounts, other amounts, or without sizes, the first of
 * each pair (a linear scatter of equal parts cannot be told from a broadcast even by size).
 */
public final class Shapes {

	/**
	 * What a group resembles; {@code repetitions} multiplies the occurrences of its frame, and with
	 * {@code roundsLoop} the innermost loop of the frame is the rounds of the operation, not a
	 * repetition of it.
	 */
	public record Match(String kind, OptionalInt root, RankSet group, long repetitions, boolean roundsLoop) {

		Match(String kind, OptionalInt root, RankSet group, long repetitions) {
			this(kind, root, group, repetitions, false);
		}
	}

	private Shapes() {
	}

	/**
	 * What the events of a group resemble, if anything.
	 *
	 * @param events     the sends and receives of the group, each rank's in its order
	 * @param innerCount the iterations of the innermost loop of the group's frame
	 * @param inFunction whether the group is one call of a function
	 * @param grids      whether to look for halos and wavefronts, told apart by the order of
	 *                   each rank's events: only in one loop body, never over a whole run
	 */
	public static Optional<Match> match(List<Ev> events, long innerCount, boolean inFunction, boolean grids) {
		Map<Long, Long> counts = new HashMap<>();
		TreeSet<Integer> ranks = new TreeSet<>();
		for (Ev ev : events) {
			if (ev.send()) {
				counts.merge(edge(ev.source(), ev.destination()), ev.multiplicity(), Long::sum);
				ranks.add(ev.source());
				ranks.add(ev.destination());
			}
		}
		if (ranks.size() < 3) {
			return Optional.empty(); // two ranks exchanging: every shape at once
		}
		long m = counts.values().iterator().next();
		for (long count : counts.values()) {
			if (count != m) {
				return Optional.empty();
			}
		}
		int[] members = ranks.stream().mapToInt(Integer::intValue).toArray();
		Map<Integer, Integer> index = new HashMap<>();
		for (int i = 0; i < members.length; i++) {
			index.put(members[i], i);
		}
		int n = members.length;
		Set<Long> edges = new HashSet<>();
		int[] in = new int[n];
		int[] out = new int[n];
		for (long edge : counts.keySet()) {
			int i = index.get((int) (edge >>> 32));
			int j = index.get((int) edge);
			edges.add(edge(i, j));
			out[i]++;
			in[j]++;
		}
		RankSet group = RankSet.of(members);
		for (int root = 0; root < n; root++) {
			OptionalInt rank = OptionalInt.of(members[root]);
			if (in[root] == 0 && (edges.equals(linear(n, root, false)) || edges.equals(binomial(n, root, false)))) {
				boolean scatter = sharesBySize(events, index, subtrees(n, root, false));
				return Optional.of(new Match(scatter ? "scatter" : "bcast", rank, group, m));
			}
			if (out[root] == 0 && (edges.equals(linear(n, root, true)) || edges.equals(binomial(n, root, true)))) {
				boolean gather = sharesBySize(events, index, subtrees(n, root, true));
				return Optional.of(new Match(gather ? "gather" : "reduce", rank, group, m));
			}
			if (in[root] == n - 1 && out[root] == n - 1 && edges.size() == 2 * (n - 1)) {
				return Optional.of(new Match("master-worker", rank, group, m));
			}
		}
		if (edges.equals(butterfly(n))) {
			boolean allgather = n == Integer.highestOneBit(n) && sharesBySize(events, index, rounds(n));
			return Optional.of(new Match(allgather ? "allgather" : "allreduce", OptionalInt.empty(), group, m));
		}
		if (edges.size() == n * (n - 1)) {
			return Optional.of(new Match("alltoall", OptionalInt.empty(), group, m));
		}
		if (edges.equals(dissemination(n))) {
			return Optional.of(new Match("barrier", OptionalInt.empty(), group, m));
		}
		if (edges.equals(shift(n, 1)) || edges.equals(shift(n, n - 1))) {
			boolean sendsFirst = sendsFirst(events);
			// one call of a ring allgather runs n - 1 rounds; more in one call is a ring shift repeated
			if (sendsFirst && inFunction ? m == n - 1 : sendsFirst && m % (n - 1) == 0) {
				return Optional.of(new Match("allgather", OptionalInt.empty(), group, m / (n - 1)));
			}
			if (sendsFirst && !inFunction && m == 1 && innerCount == n - 1) {
				return Optional.of(new Match("allgather", OptionalInt.empty(), group, 1, true));
			}
			return Optional.of(new Match("ring", OptionalInt.empty(), group, m));
		}
		int columns = grids ? gridColumns(n, edges) : 0;
		if (columns > 0) {
			boolean symmetric = edges.stream().allMatch(e -> edges.contains(edge((int) e.longValue(), (int) (e >>> 32))));
			return Optional.of(new Match(symmetric && exchanges(events) ? "halo" : "wavefront", OptionalInt.empty(), group,
					m));
		}
		return Optional.empty();
	}

	private static long edge(int source, int destination) {
		return (long) source << 32 | destination & 0xffffffffL;
	}

	/** Rank v of a shape numbered from its root, as a member index. */
	private static int member(int n, int root, int v) {
		return (v + root) % n;
	}

	static Set<Long> linear(int n, int root, boolean reversed) {
		Set<Long> edges = new HashSet<>();
		for (int v = 1; v < n; v++) {
			add(edges, root, member(n, root, v), reversed);
		}
		return edges;
	}

	/** The binomial tree of MPICH: v receives from v minus its lowest set bit. */
	static Set<Long> binomial(int n, int root, boolean reversed) {
		Set<Long> edges = new HashSet<>();
		for (int v = 1; v < n; v++) {
			add(edges, member(n, root, v - Integer.lowestOneBit(v)), member(n, root, v), reversed);
		}
		return edges;
	}

	private static void add(Set<Long> edges, int from, int to, boolean reversed) {
		edges.add(reversed ? edge(to, from) : edge(from, to));
	}

	/**
	 * Recursive doubling: partners differing in one bit; with n not a power of two, the first 2r
	 * ranks (r = n minus the largest power of two below it) pair up before and after, the odd one of
	 * each pair taking part for both.
	 */
	static Set<Long> butterfly(int n) {
		int pof2 = Integer.highestOneBit(n);
		int rem = n - pof2;
		Set<Long> edges = new HashSet<>();
		for (int v = 0; v < 2 * rem; v += 2) {
			edges.add(edge(v, v + 1));
			edges.add(edge(v + 1, v));
		}
		for (int k = 0; k < pof2; k++) {
			for (int mask = 1; mask < pof2; mask <<= 1) {
				edges.add(edge(real(k, rem), real(k ^ mask, rem)));
			}
		}
		return edges;
	}

	private static int real(int k, int rem) {
		return k < rem ? 2 * k + 1 : k + rem;
	}

	static Set<Long> dissemination(int n) {
		Set<Long> edges = new HashSet<>();
		for (int distance = 1; distance < n; distance <<= 1) {
			edges.addAll(shift(n, distance));
		}
		return edges;
	}

	static Set<Long> shift(int n, int distance) {
		Set<Long> edges = new HashSet<>();
		for (int v = 0; v < n; v++) {
			edges.add(edge(v, (v + distance) % n));
		}
		return edges;
	}

	/** Every member to every other: an alltoall. */
	static Set<Long> complete(int n) {
		Set<Long> edges = new HashSet<>();
		for (int v = 0; v < n; v++) {
			for (int w = 0; w < n; w++) {
				if (v != w) {
					edges.add(edge(v, w));
				}
			}
		}
		return edges;
	}

	/** A root to and from every other member: a master and its workers. */
	static Set<Long> star(int n, int root) {
		Set<Long> edges = linear(n, root, false);
		edges.addAll(linear(n, root, true));
		return edges;
	}

	/** A line of members (a one-row grid): each to the next ({@code forward}), to the previous, or both. */
	static Set<Long> line(int n, boolean forward, boolean backward) {
		Set<Long> edges = new HashSet<>();
		for (int v = 0; v + 1 < n; v++) {
			if (forward) {
				edges.add(edge(v, v + 1));
			}
			if (backward) {
				edges.add(edge(v + 1, v));
			}
		}
		return edges;
	}

	/**
	 * The columns of a row-major grid in which every message goes to a neighbour (east, west,
	 * north, south, never across a row's end), the narrowest that fits and connects the members; 0
	 * when none does.
	 */
	private static int gridColumns(int n, Set<Long> edges) {
		int columns = n;
		for (long e : edges) {
			int distance = Math.abs((int) (e >>> 32) - (int) e);
			if (distance > 1) {
				columns = Math.min(columns, distance);
			}
		}
		for (long e : edges) {
			int i = (int) (e >>> 32);
			int j = (int) e;
			int distance = Math.abs(i - j);
			boolean eastWest = distance == 1 && i / columns == j / columns;
			if (!eastWest && distance != columns) {
				return 0;
			}
		}
		return connected(n, edges) ? columns : 0;
	}

	private static boolean connected(int n, Set<Long> edges) {
		int[] parent = new int[n];
		Arrays.setAll(parent, i -> i);
		int components = n;
		for (long e : edges) {
			int a = find(parent, (int) (e >>> 32));
			int b = find(parent, (int) e);
			if (a != b) {
				parent[a] = b;
				components--;
			}
		}
		return components == 1;
	}

	private static int find(int[] parent, int i) {
		while (parent[i] != i) {
			parent[i] = parent[parent[i]];
			i = parent[i];
		}
		return i;
	}

	/**
	 * The shares each edge of a binomial scatter (or, reversed, gather) carries: the members of the
	 * subtree below it, v and those under v, {@code min(lowest bit of v, n - v)}.
	 */
	private static Map<Long, Long> subtrees(int n, int root, boolean reversed) {
		Map<Long, Long> shares = new HashMap<>();
		for (int v = 1; v < n; v++) {
			int parent = member(n, root, v - Integer.lowestOneBit(v));
			int child = member(n, root, v);
			shares.put(reversed ? edge(child, parent) : edge(parent, child), (long) Math.min(Integer.lowestOneBit(v), n - v));
		}
		return shares;
	}

	/** The shares each edge of a recursive-doubling allgather carries: what it gathered so far. */
	private static Map<Long, Long> rounds(int n) {
		Map<Long, Long> shares = new HashMap<>();
		for (int v = 0; v < n; v++) {
			for (int mask = 1; mask < n; mask <<= 1) {
				shares.put(edge(v, v ^ mask), (long) mask);
			}
		}
		return shares;
	}

	/**
	 * Whether the sizes of the messages (from the data traces) are the given shares of one amount,
	 * and not all equal: the amounts a scatter, a gather or an allgather sends, never a bcast, a
	 * reduce or an allreduce (which send the same buffer on every edge). The edges whose size is
	 * unknown (a send construct the model folded over messages of several operations, whose
	 * sizes differ) are left out: the others decide. Sizes of other amounts (a scatterv) say
	 * nothing.
	 */
	private static boolean sharesBySize(List<Ev> events, Map<Integer, Integer> index, Map<Long, Long> shares) {
		Map<Long, double[]> perEdge = new HashMap<>();
		for (Ev ev : events) {
			if (ev.send()) {
				if (ev.size() < 0) {
					continue;
				}
				long e = edge(index.get(ev.source()), index.get(ev.destination()));
				double[] sum = perEdge.computeIfAbsent(e, k -> new double[2]);
				sum[0] += ev.size() * ev.multiplicity();
				sum[1] += ev.multiplicity();
			}
		}
		double unit = -1;
		boolean equal = true;
		double first = -1;
		for (Map.Entry<Long, double[]> entry : perEdge.entrySet()) {
			double mean = entry.getValue()[0] / entry.getValue()[1];
			Long share = shares.get(entry.getKey());
			if (share == null) {
				return false;
			}
			double perShare = mean / share;
			if (unit < 0) {
				unit = perShare;
				first = mean;
			}
			if (Math.abs(perShare - unit) > 1e-9 * Math.max(unit, 1)) {
				return false;
			}
			equal &= Math.abs(mean - first) <= 1e-9 * Math.max(first, 1);
		}
		return !equal && unit > 0;
	}

	/** Whether every rank sends before it first receives. */
	private static boolean sendsFirst(List<Ev> events) {
		Set<Integer> sent = new HashSet<>();
		for (Ev ev : events) {
			if (ev.send()) {
				sent.add(ev.owner());
			} else if (!sent.contains(ev.owner())) {
				return false;
			}
		}
		return true;
	}

	/** Whether every rank receives from a peer only after it sent to that peer (an exchange). */
	private static boolean exchanges(List<Ev> events) {
		Set<Long> sent = new HashSet<>();
		for (Ev ev : events) {
			if (ev.send()) {
				sent.add(edge(ev.owner(), ev.peer()));
			} else if (!sent.contains(edge(ev.owner(), ev.peer()))) {
				return false;
			}
		}
		return true;
	}
}
