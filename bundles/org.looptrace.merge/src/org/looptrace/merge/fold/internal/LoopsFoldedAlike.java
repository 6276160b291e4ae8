// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.size;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Two loops side by side given other foldings of their bodies, so that they unify. Each body keeps
 * its smallest folding, but the smallest foldings of two bodies may not unify where others do
 * (LU's two sweeps on a 4 × 2 grid: each folds smallest as a chain along its own direction, both
 * as one step per neighbour, mirror images of each other): then the two loops never join into one
 * loop over them. The system with, for each pair of neighbouring loops that do not unify, the
 * foldings of their bodies that do, the fewest constructs added, is folded again; the caller keeps
 * it only when it then folds smaller.
 */
final class LoopsFoldedAlike {

	private LoopsFoldedAlike() {
	}

	/**
	 * The system with each two neighbouring loops that do not unify given the foldings of their
	 * bodies that do, the fewest constructs added (the first on a tie), pairs taken from the first
	 * on and apart; null when there is no such pair. {@code foldings}: for each construct of the
	 * system, other foldings of its body (empty for an event); {@code ranges}: the enclosing loops'
	 * ranges, as {@link SystemFolding} gives them.
	 */
	static @Nullable List<Node> system(List<Node> system, List<List<List<Node>>> foldings, List<long @Nullable []> ranges) {
		List<Node> changed = new ArrayList<>(system);
		boolean found = false;
		for (int i = 0; i + 1 < system.size(); i++) {
			if (!(system.get(i) instanceof LoopNode first) || !(system.get(i + 1) instanceof LoopNode second)
					|| unify(first, second, ranges)) {
				continue;
			}
			LoopNode @Nullable [] best = null;
			long fewest = Long.MAX_VALUE;
			for (List<Node> a : options(first, foldings.get(i))) {
				LoopNode x = new LoopNode(first.lower, first.upper, a.toArray(new Node[0]), first.ranks);
				for (List<Node> b : options(second, foldings.get(i + 1))) {
					long added = size(a) + size(b) - size(List.of(first.body)) - size(List.of(second.body));
					LoopNode y = new LoopNode(second.lower, second.upper, b.toArray(new Node[0]), second.ranks);
					if (added < fewest && unify(x, y, ranges)) {
						best = new LoopNode[] { x, y };
						fewest = added;
					}
				}
			}
			if (best != null) {
				changed.set(i, best[0]);
				changed.set(i + 1, best[1]);
				found = true;
				i++; // the next pair starts after this one
			}
		}
		return found ? changed : null;
	}

	/** The loop's body as it is, then its other foldings, each once. */
	private static Set<List<Node>> options(LoopNode loop, List<List<Node>> foldings) {
		Set<List<Node>> options = new LinkedHashSet<>();
		options.add(List.of(loop.body));
		options.addAll(foldings);
		return options;
	}

	/** Whether two loops unify as two copies, the new index at the system's depth. */
	private static boolean unify(LoopNode x, LoopNode y, List<long @Nullable []> ranges) {
		return x.skeleton == y.skeleton
				&& Combiner.combine(new Node[][] { { x }, { y } }, new Unification(ranges.size(), false, ranges)) != null;
	}
}
