// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;

/**
 * One order for the loop bodies that are a closed exchange of messages: only sends and receives of
 * one rank each, every receive matched by an earlier send of the same body. The merge writes the
 * concurrent events of different ranks in whatever order it met them, so the same exchange run from
 * different ranks (Sweep3D's octants on a 2 × 2 grid) can come out in several orders, and bodies in
 * different orders never fold into one loop. The canonical order sorts the events by their wave (the
 * longest chain of rank orders and messages leading to them), sends before receives within a wave,
 * then by their numbers: every edge goes from one wave to a later one, so each rank keeps its own order and
 * each message is sent before it is received.
 */
final class ExchangeOrder {

	private ExchangeOrder() {
	}

	/**
	 * The constructs with the body of each loop that is a closed exchange in the canonical order,
	 * or null when fewer than two loops are.
	 */
	static @Nullable List<Node> canonicalBodies(List<Node> items) {
		List<Node> result = new ArrayList<>(items.size());
		int exchanges = 0;
		for (Node item : items) {
			if (item instanceof LoopNode loop && waves(loop.body).length > 0) {
				exchanges++;
				result.add(new LoopNode(loop.lower, loop.upper, canonical(loop.body), loop.ranks));
			} else {
				result.add(item);
			}
		}
		return exchanges >= 2 ? result : null;
	}

	/** The body in the canonical order, or the body itself when it is not a closed exchange. */
	static Node[] canonical(Node[] body) {
		int[] wave = waves(body);
		if (wave.length == 0) {
			return body;
		}
		Integer[] order = new Integer[body.length];
		Arrays.setAll(order, i -> i);
		// Ties go by the events' numbers, not as read: the same exchange read in two orders sorts alike.
		Arrays.sort(order, Comparator.<Integer>comparingInt(i -> wave[i])
				.thenComparingInt(i -> ((EventNode) body[i]).kind == EventKind.SEND ? 0 : 1)
				.thenComparing(i -> Arrays.toString(((EventNode) body[i]).numbers)).thenComparingInt(i -> i));
		return Arrays.stream(order).map(i -> body[i]).toArray(Node[]::new);
	}

	/** Each event's wave, or an empty array when the body is not a closed exchange. */
	private static int[] waves(Node[] body) {
		int[] wave = new int[body.length];
		Map<Integer, Integer> last = new HashMap<>();
		// Sends not yet received, by their numbers: a receive has the numbers of its send.
		Map<List<DepthExpr>, ArrayDeque<Integer>> unreceived = new HashMap<>();
		for (int i = 0; i < body.length; i++) {
			if (!(body[i] instanceof EventNode event) || event.ranks.size() != 1
					|| event.kind != EventKind.SEND && event.kind != EventKind.RECV) {
				return new int[0];
			}
			List<DepthExpr> message = List.of(event.numbers);
			if (event.kind == EventKind.SEND) {
				unreceived.computeIfAbsent(message, key -> new ArrayDeque<>()).add(i);
			} else {
				ArrayDeque<Integer> sends = unreceived.get(message);
				if (sends == null || sends.isEmpty()) {
					return new int[0];
				}
				wave[i] = wave[sends.poll()] + 1;
			}
			Integer previous = last.put(event.ranks.min(), i);
			if (previous != null) {
				wave[i] = Math.max(wave[i], wave[previous] + 1);
			}
		}
		return unreceived.values().stream().allMatch(ArrayDeque::isEmpty) ? wave : new int[0];
	}
}
