// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.internal.Links.Link;
import org.looptrace.model.core.Progress;

/**
 * Topological orders of systems: the per-rank edges of T, and a deterministic linearization that
 * puts every send before its matching receive where the per-rank orders allow it, and a receive as
 * soon as its sends are placed; ties broken by the lowest rank covered (two constructs ready
 * together never share a rank, so the order is total).
 */
final class Linearizer {

	private Linearizer() {
	}

	/**
	 * The edges of T between groups: group[i] is the group of list position i; an edge joins the
	 * groups of two consecutive constructs of a rank. selfLoop[g] is set when two constructs of
	 * group g are consecutive on a rank.
	 */
	static List<List<Integer>> successors(List<GlobalConstruct> list, int[] group, boolean @Nullable [] selfLoop) {
		List<List<Integer>> successors = new ArrayList<>(list.size());
		for (int i = 0; i < list.size(); i++) {
			successors.add(new ArrayList<>());
		}
		// Last construct seen per rank, indexed from the lowest rank: bodies cover few ranks of many.
		int lowest = Integer.MAX_VALUE;
		int highest = -1;
		for (GlobalConstruct construct : list) {
			if (!construct.coverage.isEmpty()) {
				lowest = Math.min(lowest, construct.coverage.min());
				highest = Math.max(highest, construct.coverage.max());
			}
		}
		int[] last = new int[Math.max(0, highest - lowest + 1)];
		Arrays.fill(last, -1);
		for (int i = 0; i < list.size(); i++) {
			int g = group[i];
			for (PrimitiveIterator.OfInt ranks = list.get(i).coverage.iterator(); ranks.hasNext();) {
				int rank = ranks.nextInt() - lowest;
				int previous = last[rank];
				if (previous >= 0) {
					if (group[previous] != g) {
						successors.get(group[previous]).add(g);
					} else if (selfLoop != null) {
						selfLoop[g] = true;
					}
				}
				last[rank] = i;
			}
		}
		return successors;
	}

	/**
	 * A linearization of the units: unit[i] is the unit that replaces list position i (units.get(u)
	 * for u with unit[u] == u).
	 */
	static List<GlobalConstruct> linearize(List<GlobalConstruct> list, int[] unit, List<GlobalConstruct> units, Links links,
			Progress progress) {
		int size = list.size();
		List<List<Integer>> successors = successors(list, unit, null);
		int[] pending = new int[size];
		for (List<Integer> next : successors) {
			for (int u : next) {
				pending[u]++;
			}
		}
		int[] waiting = new int[size];
		List<List<Integer>> waiters = new ArrayList<>(size);
		for (int i = 0; i < size; i++) {
			waiters.add(new ArrayList<>());
		}
		for (Link link : links.links.values()) {
			for (GlobalChannel channel : link.flow.keySet()) {
				boolean firstSends = Links.sends(list.get(link.first), channel);
				int sender = unit[firstSends ? link.first : link.second];
				int receiver = unit[firstSends ? link.second : link.first];
				if (sender != receiver) {
					waiters.get(sender).add(receiver);
					waiting[receiver]++;
				}
			}
		}
		int[] lowest = new int[size];
		for (int i = 0; i < size; i++) {
			lowest[i] = units.get(i).coverage.isEmpty() ? Integer.MAX_VALUE : units.get(i).coverage.min();
		}
		boolean[] receives = new boolean[size];
		for (int u = 0; u < size; u++) {
			receives[u] = waiting[u] > 0;
		}
		// First the receivers whose senders are all placed (a message close to its send), then
		// the others, last those still waiting for a sender.
		TreeSet<Integer> ready = new TreeSet<>(Comparator
				.<Integer>comparingInt(u -> waiting[u] > 0 ? 2 : receives[u] ? 0 : 1)
				.thenComparingInt(u -> lowest[u]).thenComparingInt(u -> u));
		boolean[] isReady = new boolean[size];
		int count = 0;
		for (int u = 0; u < size; u++) {
			if (unit[u] == u) {
				count++;
				if (pending[u] == 0) {
					ready.add(u);
					isReady[u] = true;
				}
			}
		}
		List<GlobalConstruct> order = new ArrayList<>(count);
		Checkpoints checkpoints = new Checkpoints(progress);
		while (!ready.isEmpty()) {
			checkpoints.step();
			int u = ready.pollFirst();
			isReady[u] = false;
			order.add(units.get(u));
			for (int w : waiters.get(u)) {
				if (isReady[w]) {
					ready.remove(w);
					waiting[w]--;
					ready.add(w);
				} else {
					waiting[w]--;
				}
			}
			for (int s : successors.get(u)) {
				if (--pending[s] == 0) {
					ready.add(s);
					isReady[s] = true;
				}
			}
		}
		if (order.size() != count) {
			throw new IllegalStateException("cycle in the topological links of a system");
		}
		return order;
	}
}
