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
 * folded differently that give every rank the same events stand for one another. Only for
 * constructs that read no index of an enclosing loop, and up to a budget of events.
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
	 * Each rank's events of the constructs at {@code depth}, in order; null when they read an index
	 * of an enclosing loop or hold more than {@code budget} events.
	 */
	static @Nullable Map<Long, List<Object>> of(List<Node> items, int depth, int budget) {
		Map<Long, List<Object>> byRank = new HashMap<>();
		long[] indices = new long[depth + 1 + items.stream().mapToInt(RankEvents::height).max().orElse(0)];
		try {
			return expand(items.toArray(new Node[0]), depth, depth, indices, byRank, new int[] { budget }) ? byRank : null;
		} catch (ArithmeticException overflow) {
			return null;
		}
	}

	/** How many events the constructs at {@code depth} stand for; -1 as {@link #of} gives null. */
	static long count(Node item, int depth, int budget) {
		Map<Long, List<Object>> events = of(List.of(item), depth, budget);
		return events == null ? -1 : events.values().stream().mapToLong(List::size).sum();
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
