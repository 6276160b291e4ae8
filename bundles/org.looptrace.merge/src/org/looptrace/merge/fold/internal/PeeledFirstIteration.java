// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.advanced;
import static org.looptrace.merge.fold.internal.Terms.instantiate;
import static org.looptrace.merge.fold.internal.Terms.lifted;
import static org.looptrace.merge.fold.internal.Terms.sameSums;
import static org.looptrace.merge.fold.internal.Terms.size;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/**
 * The rule that puts a loop's first iteration back: its body written once before the loop, other
 * steps between, {@code X Y (X)^n}, becomes one loop of n + 1 iterations whose steps between run
 * after the first iteration only: {@code for j = i to 0} runs once at i = 0 and never after.
 * Programs run their time step once before they time it (NPB's warm-up, then a reset and a
 * barrier); written apart, the step is written twice.
 *
 * <p>The copy before the loop may also be the start of a loop over ranks whose body goes on with
 * other steps, {@code (X Y')^ranks Y (X^ranks)^n}: each rank's events being in one iteration, that
 * loop is first cut in two, {@code (X)^ranks (Y')^ranks}, which keeps every rank's events in order.
 * Or the copy may be folded otherwise (the warm-up folded with its neighbours, rank by rank where
 * the loop's body goes step by step): a stretch that gives every rank the events of the body's
 * iteration -1 is that copy too ({@link RankEvents}).
 */
final class PeeledFirstIteration {

	/** Events of a copy compared rank by rank, at most. */
	private static final int MAX_EVENTS = 1 << 16;
	/** Iterations of loops over ranks checked for ranks they share, at most. */
	private static final int MAX_RANK_POINTS = 1 << 16;
	/**
	 * Items between a copy and its loop, at most: a warm-up comes a few steps before its loop, and
	 * the bound keeps the work linear in a long system.
	 */
	private static final int MAX_BETWEEN = 64;

	private PeeledFirstIteration() {
	}

	/** The items of the top level, inside loops too, with every peeled first iteration put back. */
	static List<Node> putBack(List<Node> items) {
		return putBack(items, List.of());
	}

	/**
	 * The items inside loops of these ranges ({lower, upper} of each enclosing loop, null where not
	 * constant), inside loops too, with every peeled first iteration put back.
	 */
	private static List<Node> putBack(List<Node> items, List<long @Nullable []> ranges) {
		List<Node> result = Terms.withBodies(items, ranges, PeeledFirstIteration::putBack);
		Map<Node, Long> counts = new IdentityHashMap<>();
		// The join that saves the most first: joins may take the same steps between.
		for (Join best = bestJoin(result, ranges, counts); best != null; best = bestJoin(result, ranges, counts)) {
			result.subList(best.first, best.at + 1).clear();
			result.add(best.first, best.joined);
		}
		return result;
	}

	/** A loop at {@code at} joined with its copy from {@code first}, and the constructs that saves. */
	private record Join(int first, int at, LoopNode joined, long saving) {
	}

	/** Of the joins of the system's loops, the one that saves the most (the first on a tie), or null; {@code counts} keeps the items' events. */
	private static @Nullable Join bestJoin(List<Node> items, List<long @Nullable []> ranges, Map<Node, Long> counts) {
		Join best = null;
		for (int at = 0; at < items.size(); at++) {
			if (items.get(at) instanceof LoopNode loop && loop.counted && size(List.of(loop.body)) >= 2) {
				Join join;
				try {
					join = joinPeeled(items, at, loop, ranges, counts);
				} catch (ArithmeticException overflow) {
					join = null;
				}
				if (join != null && (best == null || join.saving > best.saving)) {
					best = join;
				}
			}
		}
		return best;
	}

	/** The loop's body at the iteration before its first, as items of the system around it. */
	private static Node[] iterationBefore(LoopNode loop, int depth) {
		return Arrays.stream(loop.body).map(node -> instantiate(node, depth, -1)).toArray(Node[]::new);
	}

	/**
	 * The loop at {@code at} joined with its body at iteration -1 written before it (the nearest
	 * copy with a step between, where joining it saves constructs), or null.
	 */
	private static @Nullable Join joinPeeled(List<Node> items, int at, LoopNode loop, List<long @Nullable []> ranges,
			Map<Node, Long> counts) {
		int depth = ranges.size();
		Node[] copy = iterationBefore(loop, depth);
		int length = copy.length;
		Node[] before = items.subList(0, at).toArray(new Node[0]);
		for (int first = at - length; first >= Math.max(0, at - length - MAX_BETWEEN); first--) {
			if (!sameSums(copy, 0, before, first, length - 1)) {
				continue;
			}
			Node last = items.get(first + length - 1);
			List<Node> between = new ArrayList<>();
			if (!sameSums(last, copy[length - 1])) {
				Node rest = restAfter(last, copy[length - 1], depth);
				if (rest == null) {
					continue;
				}
				between.add(rest);
			}
			between.addAll(items.subList(first + length, at));
			if (between.isEmpty()) {
				continue; // a loop and its previous iteration: the recognitions join them
			}
			Join join = join(items, first, at, joined(loop, between, depth));
			if (join != null) {
				return join;
			}
		}
		return joinPeeledByEvents(items, at, loop, ranges, counts);
	}

	/**
	 * As {@link #joinPeeled}, the copy found by its events: a stretch folded otherwise that gives
	 * every rank the events of the body's last iterations before the first (the warm-up folded in
	 * another context, or one round of a loop that runs its rounds as one run of iterations: then
	 * the loop is first regrouped, {@code size} iterations at a time, each group one iteration).
	 */
	private static @Nullable Join joinPeeledByEvents(List<Node> items, int at, LoopNode loop, List<long @Nullable []> ranges,
			Map<Node, Long> counts) {
		int depth = ranges.size();
		// Events before each item, an item past the budget counted as more than any copy holds.
		long[] before = new long[at + 1];
		for (int k = 0; k < at; k++) {
			long count = counts.computeIfAbsent(items.get(k), item -> RankEvents.count(item, ranges, MAX_EVENTS));
			before[k + 1] = before[k] + (count < 0 ? MAX_EVENTS + 1 : count);
		}
		long iterations = Terms.count(loop);
		for (long size = 1; size <= iterations; size++) {
			if (iterations % size != 0) {
				continue;
			}
			LoopNode grouped = size == 1 ? loop : grouped(loop, depth, size);
			RankEvents wanted = RankEvents.of(List.of(iterationBefore(grouped, depth)), ranges, MAX_EVENTS);
			if (wanted == null || wanted.total() > before[at]) {
				return null; // a cut-off: more iterations than the items before hold events
			}
			for (int end = at - 1; end > 0 && end >= at - MAX_BETWEEN; end--) {
				int first = lastAt(before, end - 1, before[end] - wanted.total());
				if (first >= 0 && wanted.sameAs(items.subList(first, end), ranges)) {
					Join join = join(items, first, at, joined(grouped, List.copyOf(items.subList(end, at)), depth));
					if (join != null) {
						return join;
					}
				}
			}
		}
		return null;
	}

	/** The loop's iterations {@code size} at a time: a loop over the groups around a loop over each group's iterations. */
	private static LoopNode grouped(LoopNode loop, int depth, long size) {
		Node[] body = lifted(List.of(loop.body), depth + 1);
		for (int k = 0; k < body.length; k++) {
			body[k] = Terms.mapped(body[k], number -> number.grouped(depth, size));
		}
		LoopNode group = new LoopNode(DepthExpr.ZERO, DepthExpr.constant(size - 1), body, RankSet.EMPTY);
		return new LoopNode(DepthExpr.ZERO, DepthExpr.constant(Terms.count(loop) / size - 1), new Node[] { group }, RankSet.EMPTY);
	}

	/** The last index up to {@code last} where the ascending {@code values} hold {@code value}, or -1. */
	private static int lastAt(long[] values, int last, long value) {
		int low = 0;
		int high = last;
		while (low <= high) {
			int middle = (low + high) >>> 1;
			if (values[middle] <= value) {
				low = middle + 1;
			} else {
				high = middle - 1;
			}
		}
		return high >= 0 && values[high] == value ? high : -1;
	}

	/** The items from {@code first} to the loop at {@code at} replaced by the joined loop, or null where that is not smaller. */
	private static @Nullable Join join(List<Node> items, int first, int at, LoopNode joined) {
		long saving = size(items.subList(first, at + 1)) - size(List.of(joined));
		return saving > 0 ? new Join(first, at, joined, saving) : null;
	}

	/**
	 * What a loop over ranks {@code candidate} holds after {@code start}, a loop over the same ranks
	 * whose body begins the candidate's, as the same loop over the rest of its body; null when the
	 * candidate does not start so or a rank has events in more than one of its iterations.
	 */
	private static @Nullable Node restAfter(Node candidate, Node start, int depth) {
		List<LoopNode> cut = new ArrayList<>();
		Node rest = restAfter(candidate, start, cut);
		return rest != null && eachRankAtOnePoint(cut, depth) ? rest : null;
	}

	/** As {@link #restAfter(Node, Node, int)}, the ranks not checked; {@code cut} gets the loops cut, outermost first. */
	private static @Nullable Node restAfter(Node candidate, Node start, List<LoopNode> cut) {
		if (!(candidate instanceof LoopNode loop) || !(start instanceof LoopNode wanted) || !loop.counted
				|| !loop.lower.equals(wanted.lower) || !loop.upper.equals(wanted.upper)
				|| !sameSums(loop.body, 0, wanted.body, 0, wanted.body.length - 1)) {
			return null;
		}
		cut.add(loop);
		int last = wanted.body.length - 1;
		List<Node> rest = new ArrayList<>();
		if (last >= loop.body.length) {
			return null;
		}
		if (!sameSums(loop.body[last], wanted.body[last])) {
			Node inner = restAfter(loop.body[last], wanted.body[last], cut);
			if (inner == null) {
				return null;
			}
			rest.add(inner);
		}
		rest.addAll(Arrays.asList(loop.body).subList(last + 1, loop.body.length));
		return rest.isEmpty() ? null : new LoopNode(loop.lower, loop.upper, rest.toArray(new Node[0]), RankSet.EMPTY);
	}

	/**
	 * Whether every rank owns events at one point at most of the nest of loops cut (from {@code depth}):
	 * the owners read the indices of those loops only, and no two points share a rank. Then cutting
	 * them keeps each rank's events in order.
	 */
	private static boolean eachRankAtOnePoint(List<LoopNode> cut, int depth) {
		List<DepthExpr> owners = new ArrayList<>();
		owners(cut.get(0).body, owners);
		int deepest = depth + cut.size() - 1;
		if (owners.stream().anyMatch(owner -> owner.readsBelow(depth) || owner.deepestIndex() > deepest)) {
			return false;
		}
		long points = 1;
		for (LoopNode loop : cut) {
			long count = Terms.count(loop);
			if (count > MAX_RANK_POINTS / points) {
				return false;
			}
			points *= count;
		}
		Set<Long> seen = new HashSet<>();
		long[] indices = new long[deepest + 1];
		try {
			for (long point = 0; point < points; point++) {
				if (!ownRanks(owners, point, cut, depth, indices, seen)) {
					return false;
				}
			}
			return true;
		} catch (ArithmeticException overflow) {
			return false;
		}
	}

	/** Whether the ranks of the owners at the point of the nest of loops cut are none of those {@code seen}; adds them. */
	private static boolean ownRanks(List<DepthExpr> owners, long point, List<LoopNode> cut, int depth, long[] indices, Set<Long> seen) {
		long rest = point;
		for (int level = cut.size() - 1; level >= 0; level--) {
			long count = Terms.count(cut.get(level));
			indices[depth + level] = rest % count;
			rest /= count;
		}
		Set<Long> mine = new HashSet<>();
		for (DepthExpr owner : owners) {
			mine.add(owner.evaluate(indices));
		}
		for (long rank : mine) {
			if (!seen.add(rank)) {
				return false;
			}
		}
		return true;
	}

	/** Adds the owners of the events in the items, inside loops too. */
	private static void owners(Node[] items, List<DepthExpr> into) {
		for (Node item : items) {
			if (item instanceof LoopNode loop) {
				owners(loop.body, into);
			} else {
				into.add(((EventNode) item).owner());
			}
		}
	}

	private static LoopNode joined(LoopNode loop, List<Node> between, int depth) {
		Node[] body = new Node[loop.body.length + 1];
		for (int k = 0; k < loop.body.length; k++) {
			body[k] = advanced(loop.body[k], depth, -1);
		}
		Node[] once = lifted(List.of(lifted(between, depth)), depth);
		body[loop.body.length] = new LoopNode(DepthExpr.ZERO.plusIndex(depth), DepthExpr.ZERO, once, RankSet.EMPTY);
		return new LoopNode(DepthExpr.ZERO, loop.upper.plus(1), body, RankSet.EMPTY);
	}
}
