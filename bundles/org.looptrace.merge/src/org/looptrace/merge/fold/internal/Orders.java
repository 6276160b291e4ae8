// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.instantiate;
import static org.looptrace.merge.fold.internal.Terms.mapped;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * The orders a system's constructs are folded in besides the order read: rank-major, group-major
 * by step (with and without its numbers, collectives told apart), and rank-major with each rank's
 * run wrapped in a loop of one iteration. Each keeps every rank's events in order.
 */
final class Orders {

	private Orders() {
	}

	/**
	 * The group-major keys of the constructs with each collective operation told apart: a member of
	 * a collective is keyed by its step and how many times its rank took that step before, so the
	 * members of one operation share a key; {@code sizes} gets each such key's number of members.
	 */
	static List<Object> collectiveInstances(List<Node> items, Map<Object, Integer> sizes) {
		Map<List<Object>, Integer> taken = new HashMap<>();
		List<Object> keys = new ArrayList<>(items.size());
		for (Node item : items) {
			Object key = relative(item, false);
			if (item instanceof EventNode event && event.kind == EventKind.SYNC && item.ranks.size() == 1) {
				key = List.of(key, taken.merge(List.of(key, item.ranks.min()), 1, Integer::sum));
				sizes.merge(key, 1, Integer::sum);
			}
			keys.add(key);
		}
		return keys;
	}

	/**
	 * The rank-major order with each run of two or more constructs of one rank wrapped in a loop of
	 * one iteration, so that recognition compares whole ranks: the steps of rank 0 against those of
	 * rank 1, never the end of one with the start of the next. {@link #unwrap} removes the wrappers.
	 */
	static List<Node> rankBlocks(List<Node> rankMajor, int depth) {
		List<Node> result = new ArrayList<>();
		int start = 0;
		for (int end = 1; end <= rankMajor.size(); end++) {
			RankSet ranks = rankMajor.get(start).ranks;
			if (end < rankMajor.size() && ranks.size() == 1 && rankMajor.get(end).ranks.equals(ranks)) {
				continue;
			}
			if (end - start >= 2) {
				// Inside the wrapper the constructs are one level deeper: their own indices move down.
				Node[] body = rankMajor.subList(start, end).stream().map(node -> mapped(node, number -> number.lifted(depth)))
						.toArray(Node[]::new);
				result.add(new LoopNode(DepthExpr.ZERO, DepthExpr.ZERO, body, ranks));
			} else {
				result.add(rankMajor.get(start));
			}
			start = end;
		}
		return result;
	}

	/** The constructs with every loop of one iteration from 0 replaced by its body (index 0). */
	static List<Node> unwrap(List<Node> items, int depth) {
		List<Node> result = null;
		for (int i = 0; i < items.size(); i++) {
			Node item = items.get(i);
			List<Node> replacement = item instanceof LoopNode loop ? unwrap(loop, depth) : null;
			if (replacement != null && result == null) {
				result = new ArrayList<>(items.subList(0, i));
			}
			if (result != null) {
				result.addAll(replacement != null ? replacement : List.of(item));
			}
		}
		return result == null ? items : result;
	}

	/** The loop without wrappers inside, or null when it has none and is none. */
	private static @Nullable List<Node> unwrap(LoopNode loop, int depth) {
		List<Node> body = List.of(loop.body);
		if (loop.lower.equals(DepthExpr.ZERO) && loop.upper.equals(DepthExpr.ZERO)) {
			List<Node> instantiated = new ArrayList<>(body.size());
			for (Node item : body) {
				instantiated.add(instantiate(item, depth, 0));
			}
			return unwrap(instantiated, depth);
		}
		List<Node> unwrapped = unwrap(body, depth + 1);
		return unwrapped == body ? null
				: List.of(new LoopNode(loop.lower, loop.upper, unwrapped.toArray(new Node[0]), loop.ranks));
	}

	/** The constructs in the given order. */
	static List<Node> reorder(List<Node> nodes, int[] order) {
		List<Node> result = new ArrayList<>(order.length);
		for (int i : order) {
			result.add(nodes.get(i));
		}
		return result;
	}

	/**
	 * The construct moved to rank 0 (ranks and peers shifted by its lowest rank): equal for the same
	 * step taken by different ranks. With {@code anyNumbers}, tags and other numbers are forgotten
	 * too, for steps whose tag depends on the rank.
	 */
	static Node relative(Node node, boolean anyNumbers) {
		return shifted(node, node.ranks.isEmpty() ? 0 : node.ranks.min(), anyNumbers);
	}

	private static Node shifted(Node node, long shift, boolean anyNumbers) {
		if (node instanceof EventNode event) {
			int ranks = event.kind == EventKind.SEND || event.kind == EventKind.RECV ? 2 : 1;
			DepthExpr[] numbers = new DepthExpr[event.numbers.length];
			for (int k = 0; k < numbers.length; k++) {
				numbers[k] = k < ranks ? event.numbers[k].plus(-shift) : anyNumbers ? DepthExpr.ZERO : event.numbers[k];
			}
			return event.withNumbers(numbers);
		}
		LoopNode loop = (LoopNode) node;
		Node[] body = new Node[loop.body.length];
		for (int i = 0; i < body.length; i++) {
			body[i] = shifted(loop.body[i], shift, anyNumbers);
		}
		return new LoopNode(loop.lower, loop.upper, body, RankSet.EMPTY);
	}
}
