// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.looptrace.model.core.RankSet;

/**
 * Segments of a system: the runs between its constructs of all ranks, which no order moves a
 * construct past, so each may keep its own smallest folding.
 */
final class Segments {

	private Segments() {
	}

	/**
	 * The constructs of all the system's ranks (a time loop spanning every rank), when they cut the
	 * others into at least two runs of two or more: no order moves a construct past one, so each run
	 * (a segment) may keep its own smallest folding (BT's initialization folds best in one order,
	 * its verification in another). Compared by identity; empty when there are no such two runs.
	 */
	static Set<Node> separators(List<Node> folded) {
		RankSet all = RankSet.EMPTY;
		for (Node node : folded) {
			all = all.union(node.ranks);
		}
		Set<Node> separators = Collections.newSetFromMap(new IdentityHashMap<>());
		if (all.size() < 2) {
			return separators;
		}
		int runs = 0;
		int run = 0;
		for (Node node : folded) {
			if (node.ranks.equals(all)) {
				separators.add(node);
				runs += run >= 2 ? 1 : 0;
				run = 0;
			} else {
				run++;
			}
		}
		runs += run >= 2 ? 1 : 0;
		if (runs < 2) {
			separators.clear();
		}
		return separators;
	}

	/** The order cut before and after each separator: segments, and each separator alone. */
	static List<List<Node>> segments(List<Node> order, Set<Node> separators) {
		if (separators.isEmpty()) {
			return List.of(order);
		}
		List<List<Node>> segments = new ArrayList<>();
		int start = 0;
		for (int i = 0; i < order.size(); i++) {
			if (separators.contains(order.get(i))) {
				if (i > start) {
					segments.add(order.subList(start, i));
				}
				segments.add(order.subList(i, i + 1));
				start = i + 1;
			}
		}
		if (start < order.size()) {
			segments.add(order.subList(start, order.size()));
		}
		return segments;
	}
}
