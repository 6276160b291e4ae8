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
 * The events of a stretch of constructs, rank by rank, their numbers evaluated, at each iteration
 * of the loops around the stretch in turn (at one only where a range is not constant: then the
 * stretch may not read their indices): two stretches folded differently that give every rank the
 * same events stand for one another. Up to a budget of events.
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

	/** Takes each event of a stretch with its rank; false to stop. */
	private interface Sink {
		boolean take(int point, long rank, Event event);
	}

	/** Each rank's events at each iteration of the loops around, in order. */
	private final List<Map<Long, List<Event>>> byPoint;
	private final long total;

	private RankEvents(List<Map<Long, List<Event>>> byPoint, long total) {
		this.byPoint = byPoint;
		this.total = total;
	}

	/** How many events there are in all. */
	long total() {
		return total;
	}

	/**
	 * The events of the constructs inside loops of these ranges ({lower, upper} of each enclosing
	 * loop, null where not constant); null past {@code budget} events in all, or where they read
	 * the index of an enclosing loop whose range is not constant.
	 */
	static @Nullable RankEvents of(List<Node> items, List<long @Nullable []> ranges, int budget) {
		List<Map<Long, List<Event>>> byPoint = new ArrayList<>();
		long[] total = { 0 };
		boolean whole = walk(items, ranges, budget, (point, rank, event) -> {
			while (byPoint.size() <= point) {
				byPoint.add(new HashMap<>());
			}
			byPoint.get(point).computeIfAbsent(rank, key -> new ArrayList<>()).add(event);
			total[0]++;
			return true;
		});
		return whole ? new RankEvents(byPoint, total[0]) : null;
	}

	/** Whether the constructs give every rank these events, found without listing theirs (the first that differs ends it). */
	boolean sameAs(List<Node> items, List<long @Nullable []> ranges) {
		List<Map<Long, int[]>> read = new ArrayList<>();
		long[] seen = { 0 };
		boolean same = walk(items, ranges, (int) Math.min(Integer.MAX_VALUE, total), (point, rank, event) -> {
			while (read.size() <= point) {
				read.add(new HashMap<>());
			}
			List<Event> events = point < byPoint.size() ? byPoint.get(point).get(rank) : null;
			int at = read.get(point).computeIfAbsent(rank, key -> new int[1])[0]++;
			seen[0]++;
			return events != null && at < events.size() && events.get(at).equals(event);
		});
		return same && seen[0] == total;
	}

	/** Hands every event to the sink, point by point; false past the budget, where the sink stops, or on an index that may not be read. */
	private static boolean walk(List<Node> items, List<long @Nullable []> ranges, int budget, Sink sink) {
		int depth = ranges.size();
		boolean everyPoint = ranges.stream().noneMatch(Objects::isNull);
		long[] indices = new long[depth + 1 + items.stream().mapToInt(RankEvents::height).max().orElse(0)];
		if (everyPoint && !start(indices, ranges)) {
			return true;
		}
		Node[] stretch = items.toArray(new Node[0]);
		int[] left = { budget };
		try {
			int point = 0;
			do {
				if (!expand(stretch, everyPoint ? 0 : depth, depth, indices, point++, sink, left)) {
					return false;
				}
			} while (everyPoint && next(indices, ranges));
			return true;
		} catch (ArithmeticException overflow) {
			return false;
		}
	}

	/** Sets the indices of the enclosing loops to their lower bounds; false when a range is empty. */
	private static boolean start(long[] indices, List<long @Nullable []> ranges) {
		for (int k = 0; k < ranges.size(); k++) {
			long[] range = Objects.requireNonNull(ranges.get(k));
			if (range[0] > range[1]) {
				return false;
			}
			indices[k] = range[0];
		}
		return true;
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

	/** Hands the events of the items at {@code depth}, inside a stretch at {@code base}, to the sink. */
	private static boolean expand(Node[] items, int base, int depth, long[] indices, int point, Sink sink, int[] budget) {
		for (Node item : items) {
			if (item instanceof EventNode event) {
				long[] values = new long[event.numbers.length];
				for (int k = 0; k < values.length; k++) {
					if (event.numbers[k].readsBelow(base)) {
						return false;
					}
					values[k] = event.numbers[k].evaluate(indices);
				}
				if (--budget[0] < 0 || !sink.take(point, event.owner().evaluate(indices), new Event(event, values))) {
					return false;
				}
				continue;
			}
			LoopNode loop = (LoopNode) item;
			if (loop.lower.readsBelow(base) || loop.upper.readsBelow(base)) {
				return false;
			}
			long upper = loop.upper.evaluate(indices);
			for (long n = loop.lower.evaluate(indices); n <= upper; n++) {
				indices[depth] = n;
				if (!expand(loop.body, base, depth + 1, indices, point, sink, budget)) {
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * How many events the construct stands for in all, as {@link #of} would list them, found
	 * without evaluating its numbers; -1 past the budget, or where its loop bounds read the index of
	 * an enclosing loop whose range is not constant.
	 */
	static long count(Node item, List<long @Nullable []> ranges, long budget) {
		int depth = ranges.size();
		Node[] items = { item };
		long[] indices = new long[depth + 1 + height(item)];
		boolean everyPoint = ranges.stream().noneMatch(Objects::isNull);
		if (everyPoint && !start(indices, ranges)) {
			return 0;
		}
		try {
			if (!boundsRead(items, 0, depth)) {
				long points = 1;
				for (int k = 0; everyPoint && k < depth; k++) {
					long[] range = Objects.requireNonNull(ranges.get(k));
					points = Math.multiplyExact(points, range[1] - range[0] + 1);
				}
				long one = count(items, depth, indices, budget);
				return one < 0 || one > 0 && points > budget / one ? -1 : one * points;
			}
			if (!everyPoint) {
				return -1;
			}
			long total = 0;
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
					long trips = Math.max(0, upper - lower + 1);
					if (one < 0 || one > 0 && trips > (budget - total) / one) {
						return -1;
					}
					total += one * trips;
				} else {
					for (long n = lower; n <= upper && total <= budget; n++) {
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

	private static int height(Node node) {
		return node instanceof LoopNode loop ? 1 + Arrays.stream(loop.body).mapToInt(RankEvents::height).max().orElse(0) : 0;
	}
}
