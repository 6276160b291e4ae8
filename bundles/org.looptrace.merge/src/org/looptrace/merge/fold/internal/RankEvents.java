// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The events of a stretch of constructs, rank by rank, their numbers evaluated: two stretches
 * folded differently that give every rank the same events, at every iteration of the loops around
 * them, stand for one another. Up to a budget of events.
 */
final class RankEvents {

	/** An event as a rank sees it: its shape and its numbers' values. */
	private record Event(EventNode shape, long[] values) {

		@Override
		public boolean equals(@Nullable Object obj) {
			return obj instanceof Event other && Terms.sameShape(shape, other.shape) && Arrays.equals(values, other.values);
		}

		@Override
		public int hashCode() {
			return Objects.hash(shape.kind, Arrays.hashCode(values));
		}
	}

	private RankEvents() {
	}

	/**
	 * Each rank's events of the constructs inside loops of these ranges ({lower, upper} of each
	 * enclosing loop, null where not constant), in order, at each iteration of the enclosing loops
	 * in turn; null when they hold more than {@code budget} events in all, or read the index of an
	 * enclosing loop whose range is not constant.
	 */
	static @Nullable List<Map<Long, List<Object>>> of(List<Node> items, List<long @Nullable []> ranges, int budget) {
		int depth = ranges.size();
		int base = ranges.stream().anyMatch(Objects::isNull) ? depth : 0;
		long[] indices = new long[depth + 1 + items.stream().mapToInt(RankEvents::height).max().orElse(0)];
		List<Map<Long, List<Object>>> result = new ArrayList<>();
		for (int k = 0; k < base; k++) {
			long[] range = Objects.requireNonNull(ranges.get(k));
			if (range[0] > range[1]) {
				return result;
			}
			indices[k] = range[0];
		}
		int[] left = { budget };
		try {
			do {
				Map<Long, List<Object>> byRank = new HashMap<>();
				if (!expand(items.toArray(new Node[0]), base, depth, indices, byRank, left)) {
					return null;
				}
				result.add(byRank);
			} while (base == 0 && next(indices, ranges));
			return result;
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/** Sets the enclosing indices to their next point, the innermost first; false after the last. */
	private static boolean next(long[] indices, List<long @Nullable []> ranges) {
		for (int k = ranges.size() - 1; k >= 0; k--) {
			long[] range = Objects.requireNonNull(ranges.get(k));
			if (indices[k] < range[1]) {
				indices[k]++;
				return true;
			}
			indices[k] = range[0];
		}
		return false;
	}

	/**
	 * How many events the construct stands for in all, as {@link #of} would list them (one
	 * iteration of the enclosing loops where a range is not constant), found without evaluating
	 * its numbers; -1 past the budget, or where its loop bounds read the index of an enclosing loop
	 * whose range is not constant.
	 */
	static long count(Node item, List<long @Nullable []> ranges, long budget) {
		int depth = ranges.size();
		Node[] items = { item };
		long[] indices = new long[depth + 1 + height(item)];
		boolean constant = ranges.stream().noneMatch(Objects::isNull);
		if (!boundsRead(items, 0, depth)) {
			long points = 1;
			for (int k = 0; constant && k < depth; k++) {
				long[] range = Objects.requireNonNull(ranges.get(k));
				points *= Math.max(0, range[1] - range[0] + 1);
			}
			long one = points == 0 ? 0 : count(items, depth, indices, budget);
			return one < 0 || one > 0 && points > budget / one ? -1 : one * points;
		}
		if (!constant) {
			return -1;
		}
		long total = 0;
		for (int k = 0; k < depth; k++) {
			long[] range = Objects.requireNonNull(ranges.get(k));
			if (range[0] > range[1]) {
				return 0;
			}
			indices[k] = range[0];
		}
		try {
			do {
				long one = count(items, depth, indices, budget - total);
				if (one < 0) {
					return -1;
				}
				total += one;
			} while (next(indices, ranges));
			return total;
		} catch (ArithmeticException overflow) {
			return -1;
		}
	}

	/** The events of the items at {@code depth} at these indices; -1 past the budget. */
	private static long count(Node[] items, int depth, long[] indices, long budget) {
		long total = 0;
		for (Node item : items) {
			if (item instanceof LoopNode loop) {
				long lower = loop.lower.evaluate(indices);
				long upper = loop.upper.evaluate(indices);
				if (!boundsRead(loop.body, depth, depth + 1)) {
					indices[depth] = lower;
					long one = upper < lower ? 0 : count(loop.body, depth + 1, indices, budget - total);
					long trips = upper - lower + 1;
					if (one < 0 || one > 0 && trips > (budget - total) / one) {
						return -1;
					}
					total += one * Math.max(0, trips);
				} else {
					for (long n = lower; n <= upper; n++) {
						indices[depth] = n;
						long one = count(loop.body, depth + 1, indices, budget - total);
						if (one < 0) {
							return -1;
						}
						total += one;
					}
				}
			} else {
				total++;
			}
			if (total > budget) {
				return -1;
			}
		}
		return total;
	}

	/** Whether a loop bound inside the items reads the index of a loop at a depth from {@code from} to below {@code to}. */
	private static boolean boundsRead(Node[] items, int from, int to) {
		for (Node item : items) {
			if (item instanceof LoopNode loop && (reads(loop.lower, from, to) || reads(loop.upper, from, to) || boundsRead(loop.body, from, to))) {
				return true;
			}
		}
		return false;
	}

	private static boolean reads(DepthExpr bound, int from, int to) {
		for (int k = from; k < to; k++) {
			if (bound.readsIndex(k)) {
				return true;
			}
		}
		return false;
	}

	/** How many events there are in all. */
	static long total(List<Map<Long, List<Object>>> events) {
		return events.stream().flatMap(byRank -> byRank.values().stream()).mapToLong(List::size).sum();
	}

	/** Adds the events of the items at {@code depth}, inside a stretch at {@code base}; false past the budget or an index below the base. */
	private static boolean expand(Node[] items, int base, int depth, long[] indices, Map<Long, List<Object>> byRank, int[] budget) {
		for (Node item : items) {
			if (item instanceof EventNode event) {
				long[] values = new long[event.numbers.length];
				for (int k = 0; k < values.length; k++) {
					if (event.numbers[k].readsBelow(base)) {
						return false;
					}
					values[k] = event.numbers[k].evaluate(indices);
				}
				if (--budget[0] < 0) {
					return false;
				}
				byRank.computeIfAbsent(event.owner().evaluate(indices), rank -> new ArrayList<>()).add(new Event(event, values));
				continue;
			}
			LoopNode loop = (LoopNode) item;
			if (loop.lower.readsBelow(base) || loop.upper.readsBelow(base)) {
				return false;
			}
			long upper = loop.upper.evaluate(indices);
			for (long n = loop.lower.evaluate(indices); n <= upper; n++) {
				indices[depth] = n;
				if (!expand(loop.body, base, depth + 1, indices, byRank, budget)) {
					return false;
				}
			}
		}
		return true;
	}

	private static int height(Node node) {
		return node instanceof LoopNode loop ? 1 + Arrays.stream(loop.body).mapToInt(RankEvents::height).max().orElse(0) : 0;
	}
}
