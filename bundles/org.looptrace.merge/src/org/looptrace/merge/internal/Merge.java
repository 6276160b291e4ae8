// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.internal.Links.Link;
import org.looptrace.merge.internal.Links.Part;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/**
 * The merge of systems of section III-B: communication links ({@link Links}), regularization
 * (splitting, unwrapping, shifting), coalescing (components of (V, C), condensation of (V, T),
 * trivial SCCs only, blocking by gcd), repeated until nothing changes. Every transformation keeps
 * the order of each rank's events, so the projection of the result on a rank is that rank's trace.
 */
public final class Merge {

	private Merge() {
	}

	/**
	 * Merges two systems of disjoint coverage.
	 *
	 * @throws java.util.concurrent.CancellationException when cancelled (checked at every pass)
	 */
	public static GlobalSystem merge(GlobalSystem first, GlobalSystem second, Progress progress)
			throws InconsistentTraceException {
		List<GlobalConstruct> items = new ArrayList<>(first.items.size() + second.items.size());
		items.addAll(first.items);
		items.addAll(second.items);
		return new GlobalSystem(close(items, first.coverage.union(second.coverage), progress));
	}

	/**
	 * Merges constructs given as a linearization of the union of systems until every link is
	 * regular and every coalescible group of loops is coalesced; returns a linearization of the result.
	 */
	static List<GlobalConstruct> close(List<GlobalConstruct> items, RankSet coverage, Progress progress)
			throws InconsistentTraceException {
		List<GlobalConstruct> list = items;
		while (true) {
			progress.checkCancelled();
			Links links = Links.of(list, coverage, progress);
			List<GlobalConstruct> regularized = regularize(list, links);
			if (regularized == null) {
				return coalesce(list, links, progress);
			}
			list = regularized;
		}
	}

	// ---- regularization ----

	/** One pass of splitting and shifting irregular loops; null when every loop is regular. */
	private static @Nullable List<GlobalConstruct> regularize(List<GlobalConstruct> list, Links links) {
		List<GlobalConstruct> result = null;
		for (int i = 0; i < list.size(); i++) {
			GlobalConstruct construct = list.get(i);
			List<GlobalConstruct> pieces = null;
			if (construct instanceof GlobalLoop loop && !links.parts.get(i).isEmpty()) {
				pieces = regularize(loop, links.parts.get(i));
			}
			if (pieces != null && result == null) {
				result = new ArrayList<>(list.subList(0, i));
			}
			if (result != null) {
				if (pieces != null) {
					result.addAll(pieces);
				} else {
					result.add(construct);
				}
			}
		}
		return result;
	}

	/**
	 * Splits a loop where a correspondent takes less than its whole flow on some channel:
	 * k = min over channels h of floor(f[h] / b[h]) iterations go to the first correspondents; a
	 * loop whose first correspondent takes less than one iteration is shifted. Null when regular.
	 */
	private static @Nullable List<GlobalConstruct> regularize(GlobalLoop loop, SortedMap<GlobalChannel, List<Part>> parts) {
		List<GlobalConstruct> pieces = new ArrayList<>();
		List<GlobalChannel> channels = new ArrayList<>(parts.keySet());
		// Per channel: the part where the remaining iterations start, and the volume before it.
		int[] at = new int[channels.size()];
		long[] before = new long[channels.size()];
		GlobalLoop current = loop;
		long done = 0;
		while (true) {
			long k = current.count;
			GlobalChannel shiftOn = null;
			long shiftVolume = 0;
			for (int c = 0; c < channels.size(); c++) {
				GlobalChannel channel = channels.get(c);
				List<Part> list = parts.get(channel);
				long perIteration = current.body.potential.get(channel);
				long start = done * perIteration;
				while (before[c] + list.get(at[c]).volume() <= start) {
					before[c] += list.get(at[c]++).volume();
				}
				long first = before[c] + list.get(at[c]).volume() - start;
				if (first < current.count * perIteration && first / perIteration < k) {
					k = first / perIteration;
					shiftOn = channel;
					shiftVolume = first;
				}
			}
			if (k == current.count) {
				if (current == loop) {
					return null;
				}
				pieces.add(current);
				return pieces;
			}
			if (k == 0 && shiftOn != null) {
				// k falls below the count only where shiftOn is set, so it is set when k is 0
				pieces.addAll(shift(current, shiftOn, shiftVolume));
				return pieces;
			}
			pieces.addAll(head(current, k));
			if (current.count - k == 1) {
				pieces.addAll(unwrap(current, k));
				return pieces;
			}
			current = rest(current, k);
			done += k;
		}
	}

	/** The first k iterations. */
	private static List<GlobalConstruct> head(GlobalLoop loop, long k) {
		return k == 1 ? unwrap(loop, 0) : List.of(new GlobalLoop(k, loop.var, loop.body));
	}

	/** The iterations from k on, k ≤ count - 2. */
	private static GlobalLoop rest(GlobalLoop loop, long k) {
		return new GlobalLoop(loop.count - k, loop.var, new GlobalSystem(loop.body.substitute(loop.var, AffineExpression.of(loop.var, 1, k))));
	}

	/** The body of iteration j, as constructs. */
	private static List<GlobalConstruct> unwrap(GlobalLoop loop, long j) {
		return loop.body.substitute(loop.var, AffineExpression.of(j));
	}

	/**
	 * Shifting: pumps out of the body the shortest prefix P carrying {@code volume} messages on the
	 * channel and closed for the body's own links, giving P(0); for i: Q(i) P(i+1); Q(n-1). When
	 * no such prefix is shorter than the body, peels the first iteration instead.
	 */
	private static List<GlobalConstruct> shift(GlobalLoop loop, GlobalChannel channel, long volume) {
		List<GlobalConstruct> items = loop.body.items;
		RankSet inside = loop.body.coverage;
		Map<GlobalChannel, Long> balance = new TreeMap<>();
		long carried = 0;
		int j = 0;
		while (j < items.size() && (carried < volume || !balance.isEmpty())) {
			GlobalConstruct item = items.get(j++);
			carried += item.potential.getOrDefault(channel, 0L);
			item.potential.forEach((h, count) -> {
				if (inside.contains(h.src()) && inside.contains(h.dst())) {
					long sum = balance.getOrDefault(h, 0L) + (Links.sends(item, h) ? count : -count);
					if (sum == 0) {
						balance.remove(h);
					} else {
						balance.put(h, sum);
					}
				}
			});
		}
		List<GlobalConstruct> result = new ArrayList<>();
		long n = loop.count;
		if (j == items.size()) {
			result.addAll(unwrap(loop, 0));
			if (n == 2) {
				result.addAll(unwrap(loop, 1));
			} else {
				result.add(rest(loop, 1));
			}
			return result;
		}
		GlobalSystem prefix = new GlobalSystem(items.subList(0, j));
		GlobalSystem suffix = new GlobalSystem(items.subList(j, items.size()));
		result.addAll(prefix.substitute(loop.var, AffineExpression.of(0)));
		if (n == 2) {
			result.addAll(suffix.substitute(loop.var, AffineExpression.of(0)));
			result.addAll(prefix.substitute(loop.var, AffineExpression.of(1)));
		} else {
			List<GlobalConstruct> body = new ArrayList<>(suffix.items);
			body.addAll(prefix.substitute(loop.var, AffineExpression.of(loop.var, 1, 1)));
			result.add(new GlobalLoop(n - 1, loop.var, new GlobalSystem(body)));
		}
		result.addAll(suffix.substitute(loop.var, AffineExpression.of(n - 1)));
		return result;
	}

	// ---- coalescing ----

	/**
	 * Coalesces the loops of every connected component of (V, C) whose node in the condensation of
	 * (V, T) is a trivial SCC without self loop and whose iteration counts have a common factor.
	 */
	private static List<GlobalConstruct> coalesce(List<GlobalConstruct> list, Links links, Progress progress)
			throws InconsistentTraceException {
		int size = list.size();
		int[] parent = new int[size];
		Arrays.setAll(parent, i -> i);
		boolean any = false;
		for (Link link : links.links.values()) {
			if (list.get(link.first) instanceof GlobalLoop && list.get(link.second) instanceof GlobalLoop) {
				union(parent, link.first, link.second);
				any = true;
			}
		}
		int[] component = new int[size];
		for (int i = 0; i < size; i++) {
			component[i] = find(parent, i);
		}
		if (!any) {
			return Linearizer.linearize(list, component, list, links, progress);
		}
		boolean[] coalescible = coalescible(list, component);
		// Members in list order, per component; gcd of their counts.
		Map<Integer, List<Integer>> members = new TreeMap<>();
		for (int i = 0; i < size; i++) {
			if (coalescible[component[i]]) {
				members.computeIfAbsent(component[i], c -> new ArrayList<>()).add(i);
			}
		}
		Map<Integer, Long> gcds = new TreeMap<>();
		members.forEach((root, positions) -> {
			long g = 0;
			for (int i : positions) {
				g = gcd(g, ((GlobalLoop) list.get(i)).count);
			}
			gcds.put(root, g);
		});
		// Coprime counts: unrolling would make the model larger than its parts. The loops stay as
		// they are, linked (section III keeps loops it cannot coalesce).
		gcds.forEach((root, g) -> {
			if (g == 1) {
				members.remove(root);
				coalescible[root] = false;
			}
		});
		List<GlobalConstruct> units = new ArrayList<>(list);
		for (Map.Entry<Integer, List<Integer>> entry : members.entrySet()) {
			units.set(entry.getKey(), block(list, entry.getValue(), gcds.get(entry.getKey()), progress));
		}
		int[] unit = new int[size];
		for (int i = 0; i < size; i++) {
			unit[i] = coalescible[component[i]] ? component[i] : i;
		}
		return Linearizer.linearize(list, unit, units, links, progress);
	}

	/** Which components may be coalesced: several loops, a trivial SCC of the condensation, no self loop. */
	private static boolean[] coalescible(List<GlobalConstruct> list, int[] component) {
		int size = list.size();
		int[] count = new int[size];
		for (int i = 0; i < size; i++) {
			count[component[i]]++;
		}
		boolean[] selfLoop = new boolean[size];
		List<List<Integer>> successors = Linearizer.successors(list, component, selfLoop);
		int[] scc = Scc.sizes(successors);
		boolean[] result = new boolean[size];
		for (int i = 0; i < size; i++) {
			result[i] = component[i] == i && count[i] >= 2 && !selfLoop[i] && scc[i] == 1;
		}
		return result;
	}

	/**
	 * One loop of g iterations for a component: each member of n iterations is blocked into g
	 * iterations of a loop of n/g (its body alone when n = g); the body is the merge of those.
	 */
	private static GlobalLoop block(List<GlobalConstruct> list, List<Integer> positions, long g, Progress progress)
			throws InconsistentTraceException {
		LoopVariable var = new LoopVariable();
		List<GlobalConstruct> items = new ArrayList<>();
		RankSet.Builder covered = new RankSet.Builder();
		for (int i : positions) {
			GlobalLoop loop = (GlobalLoop) list.get(i);
			covered.addAll(loop.coverage);
			long inner = loop.count / g;
			if (inner == 1) {
				items.addAll(loop.body.substitute(loop.var, AffineExpression.of(var, 1, 0)));
			} else {
				LoopVariable innerVar = new LoopVariable();
				AffineExpression index = AffineExpression.of(var, inner, 0).plus(AffineExpression.of(innerVar, 1, 0));
				items.add(new GlobalLoop(inner, innerVar, new GlobalSystem(loop.body.substitute(loop.var, index))));
			}
		}
		return new GlobalLoop(g, var, new GlobalSystem(close(items, covered.build(), progress)));
	}

	private static long gcd(long a, long b) {
		return b == 0 ? a : gcd(b, a % b);
	}

	private static int find(int[] parent, int i) {
		while (parent[i] != i) {
			parent[i] = parent[parent[i]];
			i = parent[i];
		}
		return i;
	}

	/** Union keeping the smallest position as the root, so that roots do not depend on link order. */
	private static void union(int[] parent, int a, int b) {
		int ra = find(parent, a);
		int rb = find(parent, b);
		if (ra < rb) {
			parent[rb] = ra;
		} else if (rb < ra) {
			parent[ra] = rb;
		}
	}
}
