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
 * The test is on the events, not on the shape of the constructs (the folding may cut a body at
 * other places than the peeled items): the body at the loop's lower bound must be the events of
 * the items after the loop followed by those of the items before it. That is an identity of the
 * traces, so reading the items as an iteration never changes what was run.
 */
public record Peeled(int before, int after) {

	/** Bodies with more events than this are not compared (a peeled iteration is looked for in steps). */
	private static final int EVENTS = 4096;

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
		List<TraceEvent> body = new ArrayList<>();
		if (!events(loop.getItems(), scoped(index, environment), body, EVENTS)) {
			return null;
		}
		List<TraceEvent> before = new ArrayList<>();
		for (int k = 0; k <= at - from; k++) {
			if (k > 0) {
				List<TraceEvent> item = new ArrayList<>();
				if (!events(items.subList(at - k, at - k + 1), environment, item, body.size() - before.size())) {
					return null;
				}
				before.addAll(0, item);
			}
			int head = body.size() - before.size();
			if (!body.subList(head, body.size()).equals(before)) {
				continue;
			}
			List<TraceEvent> after = new ArrayList<>();
			int j = 0;
			boolean whole = true; // no item after the loop cut short
			while (whole && after.size() < head && at + j + 1 < items.size()) {
				j++;
				whole = events(items.subList(at + j, at + j + 1), environment, after, head - after.size());
			}
			if (whole && k + j > 0 && after.equals(body.subList(0, head))) {
				return new Peeled(k, j);
			}
		}
		return null;
	}

	/**
	 * Adds the events of the items to {@code out}, false when there are more than {@code limit}
	 * (then {@code out} holds some of them).
	 */
	private static boolean events(List<Item> items, Exprs.IndexEnvironment environment, List<TraceEvent> out,
			int limit) {
		for (Item item : items) {
			if (item instanceof Event event) {
				if (limit-- <= 0) {
					return false;
				}
				out.add(ModelExpander.line(event, environment));
			} else if (item instanceof Loop loop) {
				long lower = Exprs.evaluate(loop.getLower(), environment);
				long upper = Exprs.evaluate(loop.getUpper(), environment);
				Map<String, Long> index = new HashMap<>();
				for (long value = lower; value <= upper; value++) {
					index.put(loop.getIndex(), value);
					int size = out.size();
					if (!events(loop.getItems(), scoped(index, environment), out, limit)) {
						return false;
					}
					limit -= out.size() - size;
				}
			}
		}
		return true;
	}

	private static Exprs.IndexEnvironment scoped(Map<String, Long> inner, Exprs.IndexEnvironment outer) {
		return name -> {
			@Nullable Long value = inner.get(name);
			return value == null ? outer.valueOf(name) : value;
		};
	}
}
