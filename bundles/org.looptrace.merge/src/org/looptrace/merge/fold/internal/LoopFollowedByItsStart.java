// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.instantiatesTo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * A loop rotated to start later in its step: {@code (X Y)^n X} becomes {@code X (Y X)^n}, rank by
 * rank. The loops the merge builds start where each rank's loop started, at the first repetition
 * NLR met; when the step the program repeats starts later (NPB CG: a reduction along the row ends
 * one iteration and starts the next, the untimed iteration begins with it), the rotated body may
 * fold smaller: its pieces that only the rotation brings together (the two reductions) become one
 * loop. Each rank keeps its events in order, so the system projects as before.
 */
final class LoopFollowedByItsStart {

	/**
	 * The constructs after a loop looked at, per construct of its body: those of other ranks
	 * between a rank's constructs (collectives of every rank) are few; a bound keeps a system of
	 * many loops from being read once per loop.
	 */
	private static final int SCAN = 4;

	private LoopFollowedByItsStart() {
	}

	/**
	 * The system with each loop of constant bounds that is followed, on each of its ranks, by the
	 * start of its body at the iteration after its last, rotated to start after that part
	 * ({@code X}); null when no loop is. {@code X} holds, for each rank, the longest start of its
	 * constructs in the body (not all of them) that the constructs following the loop repeat, as a
	 * whole construct for constructs of several ranks, and only when its messages are received in it
	 * and its collectives are taken by every rank of their group as often: an iteration of the
	 * rotated loop holds whole exchanges, as the loops of the merge do.
	 */
	static @Nullable List<Node> rotated(List<Node> items, int depth) {
		List<Node> result = new ArrayList<>(items);
		boolean found = false;
		for (int i = 0; i < result.size(); i++) {
			if (result.get(i) instanceof LoopNode loop && Terms.range(loop) != null) {
				List<Node> following = result.subList(i + 1, result.size());
				Map<Node, Node> start = start(loop, following, depth);
				if (start != null) {
					List<Node> head = head(loop, start, depth);
					LoopNode rotated = rotated(loop, start, depth);
					following.removeAll(repeats(start));
					result.set(i, rotated);
					result.addAll(i, head);
					i += head.size();
					found = true;
				}
			}
		}
		return found ? result : null;
	}

	/**
	 * The start {@code X} of the loop's body that the following constructs repeat: each of its
	 * constructs mapped to the following construct that repeats it; null when empty or not closed.
	 */
	private static @Nullable Map<Node, Node> start(LoopNode loop, List<Node> following, int depth) {
		long after = loop.upper.constantTerm() + 1;
		Map<Integer, List<Node>> bodyOf = byRank(Arrays.asList(loop.body), Integer.MAX_VALUE);
		// Only a rank's first constructs after the loop can repeat its body's: no need to look further.
		Map<Integer, List<Node>> followingOf = byRank(following.subList(0, Math.min(following.size(), SCAN * loop.body.length)), loop.body.length);
		Map<Integer, Integer> matched = new HashMap<>();
		for (Map.Entry<Integer, List<Node>> rank : bodyOf.entrySet()) {
			List<Node> body = rank.getValue();
			List<Node> next = followingOf.getOrDefault(rank.getKey(), List.of());
			int m = 0;
			while (m < body.size() - 1 && m < next.size() && instantiatesTo(body.get(m), depth, after, next.get(m))) {
				m++;
			}
			matched.put(rank.getKey(), m);
		}
		// A construct of several ranks moves only when it is within the start of each, repeated by the same construct.
		Map<Integer, Map<Node, Integer>> placeOf = places(bodyOf);
		for (boolean shrunk = true; shrunk;) {
			shrunk = false;
			for (Map.Entry<Integer, Integer> rank : matched.entrySet()) {
				List<Node> body = bodyOf.get(rank.getKey());
				for (int m = 0; m < rank.getValue(); m++) {
					Node construct = body.get(m);
					Node repeat = followingOf.get(rank.getKey()).get(m);
					if (!withinEveryStart(construct, repeat, placeOf, followingOf, matched)) {
						rank.setValue(m);
						shrunk = true;
						break;
					}
				}
			}
		}
		Map<Node, Node> start = new IdentityHashMap<>();
		matched.forEach((rank, m) -> {
			for (int k = 0; k < m; k++) {
				start.put(bodyOf.get(rank).get(k), followingOf.get(rank).get(k));
			}
		});
		return !start.isEmpty() && joinsCopies(bodyOf, matched) && closed(start.values(), depth) ? start : null;
	}

	/**
	 * Whether, on every rank that has a start, the rest of its body ends as its start does (by
	 * skeletons): the rotation then brings two copies together, which may fold as a loop; else
	 * it only moves the body's seam, and the folding of the rotated loop is not worth its cost.
	 */
	private static boolean joinsCopies(Map<Integer, List<Node>> bodyOf, Map<Integer, Integer> matched) {
		for (Map.Entry<Integer, Integer> rank : matched.entrySet()) {
			List<Node> body = bodyOf.get(rank.getKey());
			int m = rank.getValue();
			if (m > 0 && (body.size() < 2 * m || !Terms.sameSkeletons(body.subList(0, m), body.subList(body.size() - m, body.size())))) {
				return false;
			}
		}
		return true;
	}

	private static boolean withinEveryStart(Node construct, Node repeat, Map<Integer, Map<Node, Integer>> placeOf,
			Map<Integer, List<Node>> followingOf, Map<Integer, Integer> matched) {
		for (int rank : construct.ranks) {
			int place = placeOf.get(rank).get(construct);
			if (place >= matched.get(rank) || followingOf.get(rank).get(place) != repeat) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Where each construct stands in its rank's constructs, by identity (the first place): looked
	 * up once per rank of each construct, where a scan of a rank's many constructs was quadratic.
	 */
	private static Map<Integer, Map<Node, Integer>> places(Map<Integer, List<Node>> byRank) {
		Map<Integer, Map<Node, Integer>> places = new HashMap<>();
		byRank.forEach((rank, nodes) -> {
			Map<Node, Integer> place = new IdentityHashMap<>();
			for (int k = 0; k < nodes.size(); k++) {
				place.putIfAbsent(nodes.get(k), k);
			}
			places.put(rank, place);
		});
		return places;
	}

	/** The constructs of each rank, in order, at most {@code most} per rank. */
	private static Map<Integer, List<Node>> byRank(List<Node> nodes, int most) {
		Map<Integer, List<Node>> byRank = new HashMap<>();
		for (Node node : nodes) {
			for (int rank : node.ranks) {
				List<Node> own = byRank.computeIfAbsent(rank, r -> new ArrayList<>());
				if (own.size() < most) {
					own.add(node);
				}
			}
		}
		return byRank;
	}

	/**
	 * Whether the constructs hold whole exchanges: as many receives as sends on each channel (with
	 * the same tag and words), each collective taken by every rank of its group as often.
	 */
	private static boolean closed(Iterable<Node> constructs, int depth) {
		List<Node> events = new ArrayList<>();
		for (Node construct : constructs) {
			// Each loop unrolled on its own: unrolling bounds the constructs it makes.
			List<Node> unrolled = new ArrayList<>();
			if (!Terms.unroll(List.of(construct), depth, unrolled)) {
				return false;
			}
			events.addAll(unrolled);
		}
		Map<List<Object>, Long> messages = new HashMap<>();
		Map<List<Object>, Map<Long, Long>> collectives = new HashMap<>();
		for (Node node : events) {
			EventNode event = (EventNode) node;
			List<DepthExpr> numbers = Arrays.asList(event.numbers);
			switch (event.kind) {
			case SEND, RECV -> messages.merge(List.of(Arrays.asList(event.symbols), numbers), event.kind == EventKind.SEND ? 1L : -1L, Long::sum);
			case SYNC -> {
				RankSet group = event.group;
				if (group == null || !event.numbers[0].isConstant()) {
					return false;
				}
				collectives.computeIfAbsent(List.of(Arrays.asList(event.symbols), numbers.subList(1, numbers.size()), group),
						key -> new HashMap<>()).merge(event.numbers[0].constantTerm(), 1L, Long::sum);
			}
			case LOCAL -> {
				// a rank's own computation: nothing to match
			}
			}
		}
		return messages.values().stream().allMatch(count -> count == 0)
				&& collectives.entrySet().stream().allMatch(collective -> everyMemberAlike((RankSet) collective.getKey().get(2), collective.getValue()));
	}

	/** Whether every member of the group took the collective, each as often. */
	private static boolean everyMemberAlike(RankSet group, Map<Long, Long> takes) {
		return takes.size() == group.size() && takes.keySet().stream().allMatch(rank -> rank >= 0 && rank <= Integer.MAX_VALUE && group.contains(rank.intValue()))
				&& takes.values().stream().distinct().count() == 1;
	}

	/** The start of the loop's body at its first iteration, the constructs before the rotated loop. */
	private static List<Node> head(LoopNode loop, Map<Node, Node> start, int depth) {
		long first = loop.lower.constantTerm();
		return Arrays.stream(loop.body).filter(start::containsKey)
				.map(construct -> keepingRanks(construct, number -> number.instantiate(depth, first))).toList();
	}

	/** The loop over the rest of its body, then the start of its body at the next iteration. */
	private static LoopNode rotated(LoopNode loop, Map<Node, Node> start, int depth) {
		List<Node> body = new ArrayList<>();
		Arrays.stream(loop.body).filter(construct -> !start.containsKey(construct)).forEach(body::add);
		Arrays.stream(loop.body).filter(start::containsKey)
				.forEach(construct -> body.add(keepingRanks(construct, number -> number.shift(depth, 1))));
		return new LoopNode(loop.lower, loop.upper, body.toArray(new Node[0]), loop.ranks);
	}

	/** The constructs after the loop that repeat its start: the rotated loop runs them. */
	private static Set<Node> repeats(Map<Node, Node> start) {
		Set<Node> repeats = Collections.newSetFromMap(new IdentityHashMap<>());
		repeats.addAll(start.values());
		return repeats;
	}

	/** The construct with its numbers replaced by their images, the ranks of every construct inside kept (the orders read them). */
	private static Node keepingRanks(Node node, UnaryOperator<DepthExpr> image) {
		if (node instanceof EventNode event) {
			DepthExpr[] numbers = Arrays.stream(event.numbers).map(image).toArray(DepthExpr[]::new);
			return event.withNumbers(numbers, event.ranks);
		}
		LoopNode loop = (LoopNode) node;
		Node[] body = Arrays.stream(loop.body).map(item -> keepingRanks(item, image)).toArray(Node[]::new);
		return new LoopNode(image.apply(loop.lower), image.apply(loop.upper), body, loop.ranks);
	}
}
