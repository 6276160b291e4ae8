// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.TraceEvent;

/**
 * An iteration of a loop that the model holds outside it: the items {@code before} the loop and
 * the items {@code after} it are, one after the other, the events of one more iteration. NLR and
 * the folding may peel the first iteration off a time loop, or rotate its body (A; loop of B A;
 * B), for some ranks and not for others: the same steps then stand in loops of different counts
 * on different ranks. Read as the loop's iterations, they are one frame again.
 * <p>
 * The test is on each rank's events, not on the shape of the constructs (the folding may cut a
 * body at other places than the peeled items, and order the events of different ranks in any
 * way, a loop over the ranks outside the loop, the ranks inside it): for every rank, the body at
 * the loop's lower bound must be that rank's events of the items after the loop followed by its
 * events of the items before it. That is an identity of the traces, so reading the items as an
 * iteration never changes what any rank ran.
 */
public record Peeled(int before, int after) {

	/** Bodies with more events than this are not compared (a peeled iteration is looked for in steps). */
	private static final int EVENTS = 1 << 15;

	/**
	 * The peeled iteration around the loop at {@code at} in {@code items}, or null; the items
	 * before it from {@code from} on only (the ones not already read).
	 *
	 * @param environment the values of the indices of the loops around {@code items}
	 */
	public static @Nullable Peeled around(List<Item> items, int at, int from, Exprs.IndexEnvironment environment) {
		Loop loop = (Loop) items.get(at);
		long lower = Exprs.evaluate(loop.getLower(), environment);
		Map<String, Long> index = new HashMap<>();
		index.put(loop.getIndex(), lower);
		Events body = new Events(EVENTS);
		if (!body.add(loop.getItems(), scoped(index, environment)) || body.count == 0) {
			return null;
		}
		Events before = new Events(body.count);
		for (int k = 0; k <= at - from; k++) {
			if (k > 0) {
				Events item = new Events(body.count - before.count);
				if (!item.add(items.subList(at - k, at - k + 1), environment)) {
					return null;
				}
				before.prepend(item);
			}
			// what each rank's events before the loop leave of its body, from its start
			Map<Integer, Integer> head = new HashMap<>();
			boolean suffix = true;
			for (Map.Entry<Integer, List<TraceEvent>> rank : before.byRank.entrySet()) {
				List<TraceEvent> whole = body.of(rank.getKey());
				int h = whole.size() - rank.getValue().size();
				suffix &= h >= 0 && whole.subList(h, whole.size()).equals(rank.getValue());
			}
			if (!suffix) {
				continue;
			}
			for (Map.Entry<Integer, List<TraceEvent>> rank : body.byRank.entrySet()) {
				head.put(rank.getKey(), rank.getValue().size() - before.of(rank.getKey()).size());
			}
			int missing = head.values().stream().mapToInt(Integer::intValue).sum();
			Events after = new Events(missing);
			int j = 0;
			boolean whole = true; // no item after the loop cut short
			while (whole && after.count < missing && at + j + 1 < items.size()) {
				j++;
				whole = after.add(items.subList(at + j, at + j + 1), environment);
			}
			if (whole && k + j > 0 && after.count == missing && after.byRank.entrySet().stream()
					.allMatch(rank -> rank.getValue().equals(body.of(rank.getKey()).subList(0, head.getOrDefault(rank.getKey(), 0))))) {
				return new Peeled(k, j);
			}
		}
		return null;
	}

	/** Events of items by rank, each rank's in its order, at most {@code limit} in all. */
	private static final class Events {
		final Map<Integer, List<TraceEvent>> byRank = new HashMap<>();
		int count;
		private final int limit;

		Events(int limit) {
			this.limit = limit;
		}

		List<TraceEvent> of(int rank) {
			return byRank.getOrDefault(rank, List.of());
		}

		/** Puts the events of {@code first} before these, rank by rank. */
		void prepend(Events first) {
			first.byRank.forEach((rank, events) -> byRank.computeIfAbsent(rank, r -> new ArrayList<>()).addAll(0, events));
			count += first.count;
		}

		/** Adds the events of the items, false when there are more than the limit. */
		boolean add(List<Item> items, Exprs.IndexEnvironment environment) {
			for (Item item : items) {
				if (item instanceof Event event) {
					if (count++ >= limit) {
						return false;
					}
					TraceEvent line = ModelExpander.line(event, environment);
					byRank.computeIfAbsent(line.owner(), r -> new ArrayList<>()).add(line);
				} else if (item instanceof Loop loop) {
					long lower = Exprs.evaluate(loop.getLower(), environment);
					long upper = Exprs.evaluate(loop.getUpper(), environment);
					Map<String, Long> index = new HashMap<>();
					for (long value = lower; value <= upper; value++) {
						index.put(loop.getIndex(), value);
						if (!add(loop.getItems(), scoped(index, environment))) {
							return false;
						}
					}
				}
			}
			return true;
		}
	}

	private static Exprs.IndexEnvironment scoped(Map<String, Long> inner, Exprs.IndexEnvironment outer) {
		return name -> {
			@Nullable Long value = inner.get(name);
			return value == null ? outer.valueOf(name) : value;
		};
	}
}
