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
 * then by a label of their rank given by its role in the exchange (when it first acts, and from
 * whom), not by its number: every edge goes from one wave to a later one, so each rank keeps its own
 * order and each message is sent before it is received, and an exchange whose ranks are renamed
 * comes out in the same order, renamed.
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
			if (item instanceof LoopNode loop && exchange(loop.body) != null) {
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
		Exchange exchange = exchange(body);
		if (exchange == null) {
			return body;
		}
		int[] wave = exchange.wave;
		Map<Integer, Integer> label = labels(body, exchange);
		Integer[] order = new Integer[body.length];
		Arrays.setAll(order, i -> i);
		// A rank has one event per wave at most: wave and rank label order every event.
		Arrays.sort(order, Comparator.<Integer>comparingInt(i -> wave[i])
				.thenComparingInt(i -> ((EventNode) body[i]).kind == EventKind.SEND ? 0 : 1)
				.thenComparingInt(i -> label.get(owner(body[i]))));
		return Arrays.stream(order).map(i -> body[i]).toArray(Node[]::new);
	}

	/**
	 * A label for each rank of the exchange: ranks in the order of their first event's wave, sends
	 * first; then a rank whose first event receives by the label of its sender
	 * and the place of the send among the sender's events, and one whose first event sends (where
	 * the exchange starts) by its numbers. Labels follow the roles, not the ranks' numbers: the same
	 * exchange run from another corner (Sweep3D's octants on a grid of two rows) gets the same order
	 * with its ranks renamed.
	 */
	private static Map<Integer, Integer> labels(Node[] body, Exchange exchange) {
		Map<Integer, Integer> first = new HashMap<>();
		int[] place = new int[body.length];
		Map<Integer, Integer> events = new HashMap<>();
		for (int i = 0; i < body.length; i++) {
			first.putIfAbsent(owner(body[i]), i);
			place[i] = events.merge(owner(body[i]), 1, Integer::sum);
		}
		Map<Integer, Integer> label = new HashMap<>();
		List<Integer> starts = new ArrayList<>(first.values());
		starts.sort(Comparator.comparingInt(i -> exchange.wave[i]));
		int next = 0;
		for (int from = 0; from < starts.size();) {
			int to = from;
			while (to < starts.size() && exchange.wave[starts.get(to)] == exchange.wave[starts.get(from)]) {
				to++;
			}
			// Senders' first events come in earlier waves: their labels are given already.
			List<Integer> group = new ArrayList<>(starts.subList(from, to));
			group.sort(Comparator.<Integer>comparingInt(i -> exchange.sender[i] < 0 ? 0 : 1)
					.thenComparingInt(i -> exchange.sender[i] < 0 ? 0 : label.get(owner(body[exchange.sender[i]])))
					.thenComparingInt(i -> exchange.sender[i] < 0 ? 0 : place[exchange.sender[i]])
					.thenComparing(i -> Arrays.toString(((EventNode) body[i]).numbers)));
			for (int i : group) {
				label.put(owner(body[i]), next++);
			}
			from = to;
		}
		return label;
	}

	private static int owner(Node event) {
		return event.ranks.min();
	}

	/**
	 * The wave of each event of a closed exchange and, for a receive, the index of its send (-1
	 * for a send); null when the body is not a closed exchange.
	 */
	private record Exchange(int[] wave, int[] sender) {
	}

	private static @Nullable Exchange exchange(Node[] body) {
		int[] wave = new int[body.length];
		int[] sender = new int[body.length];
		Map<Integer, Integer> last = new HashMap<>();
		// Sends not yet received, by their numbers: a receive has the numbers of its send.
		Map<List<DepthExpr>, ArrayDeque<Integer>> unreceived = new HashMap<>();
		for (int i = 0; i < body.length; i++) {
			if (!(body[i] instanceof EventNode event) || event.ranks.size() != 1
					|| event.kind != EventKind.SEND && event.kind != EventKind.RECV) {
				return null;
			}
			List<DepthExpr> message = List.of(event.numbers);
			sender[i] = -1;
			if (event.kind == EventKind.SEND) {
				unreceived.computeIfAbsent(message, key -> new ArrayDeque<>()).add(i);
			} else {
				ArrayDeque<Integer> sends = unreceived.get(message);
				if (sends == null || sends.isEmpty()) {
					return null;
				}
				sender[i] = sends.poll();
				wave[i] = wave[sender[i]] + 1;
			}
			Integer previous = last.put(event.ranks.min(), i);
			if (previous != null) {
				wave[i] = Math.max(wave[i], wave[previous] + 1);
			}
		}
		return unreceived.values().stream().allMatch(ArrayDeque::isEmpty) ? new Exchange(wave, sender) : null;
	}
}
