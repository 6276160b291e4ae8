// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.nlr.internal.Node.Body;
import org.looptrace.nlr.internal.Node.Event;
import org.looptrace.nlr.internal.Node.Loop;

/**
 * A second look at the top-level loops of a finished pass, for time loops folded out of phase. NLR
 * folds a repetition the moment three copies stand on the stack; when a time step ends the way its
 * inner loops begin (NPB CG: the residual's exchange after the solver's 25 iterations is the
 * solver's first exchange), the step's tail is taken into the next step's first inner loop and the
 * time loop found is rotated:
 * <ul>
 * <li>one iteration of the loop found may be the real step repeated r times (CG on 16 ranks: 5
 * iterations of three rotated steps): the step is modelled again on its own and the loop gets r times
 * the iterations;</li>
 * <li>the loop may be preceded by the end of the real step and followed by its beginning (CG on 4
 * ranks: one event, then 14 rotated steps, then the 15th step but that event): the loop takes them
 * as one more iteration, its body modelled again from the step's events in their real order.</li>
 * </ul>
 * Only loops whose iterations are all the same are looked at (no item reads the loop's index), and
 * only closed entries move, so no vector changes (see {@link AffineVectors}); the events are the same
 * in the same order, so the model stays lossless. A rewrite is kept when it has fewer constructs.
 */
final class Rerolling {

	/** The most events of one iteration that are looked at. */
	static final int MAX_ITERATION = 1 << 16;

	private final Terms terms;
	/** A fresh engine with the same options, for a step modelled again. */
	private final Supplier<Engine> engines;
	private final Cursor cursor = new Cursor();
	private long[] scratch = new long[8];

	Rerolling(Terms terms, Supplier<Engine> engines) {
		this.terms = terms;
		this.engines = engines;
	}

	/**
	 * The top-level entries (events and loops with constant counts), rerolled in one pass from left to
	 * right: a loop looks back at what is already rerolled and ahead at what is not yet.
	 */
	List<Node> apply(List<Node> entries) {
		List<Node> rerolled = new ArrayList<>(entries.size());
		int next = 0;
		while (next < entries.size()) {
			Node entry = entries.get(next++);
			if (entry instanceof Loop loop) {
				next = absorbPeeled(byPeriod(loop), rerolled, entries, next);
			} else {
				rerolled.add(entry);
			}
		}
		return rerolled;
	}

	/** A loop and the events of one of its iterations (null: iterations may differ, or too long). */
	private record Rolled(Loop loop, @Nullable List<Event> iteration) {
	}

	/** The loop with the period of its iteration as its body, if that is smaller. */
	private Rolled byPeriod(Loop loop) {
		List<Event> iteration = iteration(loop);
		if (iteration == null) {
			return new Rolled(loop, null);
		}
		int period = period(iteration);
		if (period == iteration.size()) {
			return new Rolled(loop, iteration);
		}
		List<Event> block = iteration.subList(0, period);
		Loop rerolled = loop(block, Math.multiplyExact(loop.count[0], iteration.size() / period));
		return constructs(rerolled) < constructs(loop) ? new Rolled(rerolled, block) : new Rolled(loop, iteration);
	}

	/**
	 * Appends the loop to {@code rerolled}, taking into it, as one more iteration v S, the end v of an
	 * iteration at the end of {@code rerolled} and the rest S among the entries from {@code next} on,
	 * both whole entries (its iteration being S v), as long as that makes the model smaller. Returns
	 * the first entry not taken.
	 */
	private int absorbPeeled(Rolled rolled, List<Node> rerolled, List<Node> entries, int next) {
		Loop loop = rolled.loop();
		List<Event> iteration = rolled.iteration();
		while (iteration != null) {
			int length = iteration.size();
			// where the entries after the loop end, as lengths of prefixes of the iteration
			int[] afterEnds = new int[length + 1];
			Arrays.fill(afterEnds, -1);
			afterEnds[0] = next;
			int matched = 0;
			for (int j = next; j < entries.size() && matched < length; j++) {
				List<Event> events = events(entries.get(j), length - matched);
				if (events == null || !iteration.subList(matched, matched + events.size()).equals(events)) {
					break;
				}
				matched += events.size();
				afterEnds[matched] = j + 1;
			}
			// where the entries before the loop begin, as lengths of suffixes of the iteration
			int[] beforeStarts = new int[length + 1];
			Arrays.fill(beforeStarts, -1);
			beforeStarts[0] = rerolled.size();
			int suffix = 0;
			for (int h = rerolled.size() - 1; h >= 0 && suffix < length; h--) {
				List<Event> events = events(rerolled.get(h), length - suffix);
				if (events == null || !iteration.subList(length - suffix - events.size(), length - suffix).equals(events)) {
					break;
				}
				suffix += events.size();
				beforeStarts[suffix] = h;
			}
			int split = matched;
			while (split >= 0 && (afterEnds[split] < 0 || beforeStarts[length - split] < 0)) {
				split--;
			}
			if (split < 0) {
				break;
			}
			int first = beforeStarts[length - split];
			int end = afterEnds[split];
			long count = Math.addExact(loop.count[0], 1);
			List<Event> step = iteration;
			Loop absorbing;
			if (split == 0 || split == length) {
				absorbing = terms.intern(new Loop(AffineVectors.constant(count), loop.body));
			} else {
				step = new ArrayList<>(iteration.subList(split, length));
				step.addAll(iteration.subList(0, split));
				absorbing = loop(step, count);
			}
			long old = constructs(loop);
			for (int k = first; k < rerolled.size(); k++) {
				old += constructs(rerolled.get(k));
			}
			for (int k = next; k < end; k++) {
				old += constructs(entries.get(k));
			}
			if (constructs(absorbing) >= old) {
				break;
			}
			rerolled.subList(first, rerolled.size()).clear();
			next = end;
			loop = absorbing;
			iteration = step;
		}
		rerolled.add(loop);
		return next;
	}

	/** A loop of {@code count} iterations of these events, modelled by a fresh engine. */
	private Loop loop(List<Event> step, long count) {
		Engine engine = engines.get();
		for (Event event : step) {
			engine.feed(event);
		}
		Body body = terms.intern(new Body(engine.entries().toArray(Node[]::new)));
		return terms.intern(new Loop(AffineVectors.constant(count), body));
	}

	/** The events of one iteration, or null when iterations may differ or one is too long to look at. */
	private @Nullable List<Event> iteration(Loop loop) {
		for (Node item : loop.body.items) {
			if (item.free > 0) {
				return null;
			}
		}
		return expand(loop.body, 0, new ArrayList<>(), MAX_ITERATION);
	}

	/** The events of a closed top-level entry, or null when it has more than {@code max}. */
	private @Nullable List<Event> events(Node entry, int max) {
		if (entry instanceof Event event) {
			return max < 1 ? null : List.of(event);
		}
		Loop loop = (Loop) entry;
		List<Event> events = new ArrayList<>();
		for (long n = 0; n < loop.count[0]; n++) {
			if (expand(loop.body, n, events, max) == null) {
				return null;
			}
		}
		return events;
	}

	/** Appends iteration {@code n} of a body to {@code events}; null past {@code max} events in all. */
	private @Nullable List<Event> expand(Body body, long n, List<Event> events, int max) {
		for (boolean more = cursor.start(body, n); more; more = cursor.advance()) {
			if (events.size() == max) {
				return null;
			}
			int numbers = cursor.expected().values.length;
			if (scratch.length < numbers) {
				scratch = new long[numbers];
			}
			events.add(cursor.closed(terms, scratch));
		}
		return events;
	}

	/** The shortest p such that the events are their first p repeated (the failure function of KMP). */
	static int period(List<Event> events) {
		int n = events.size();
		int[] border = new int[n];
		for (int i = 1; i < n; i++) {
			int k = border[i - 1];
			while (k > 0 && !Node.same(events.get(i), events.get(k))) {
				k = border[k - 1];
			}
			border[i] = Node.same(events.get(i), events.get(k)) ? k + 1 : 0;
		}
		int p = n - (n == 0 ? 0 : border[n - 1]);
		return p > 0 && n % p == 0 ? p : n;
	}

	/** Events and loops of a term, loops counted once whatever their iterations. */
	static long constructs(Node node) {
		if (node instanceof Loop loop) {
			long sum = 1;
			for (Node item : loop.body.items) {
				sum += constructs(item);
			}
			return sum;
		}
		return 1;
	}
}
