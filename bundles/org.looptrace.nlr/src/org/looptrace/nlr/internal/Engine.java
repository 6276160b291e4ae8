// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

import org.looptrace.model.Model;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.internal.Node.Body;
import org.looptrace.nlr.internal.Node.Event;
import org.looptrace.nlr.internal.Node.Loop;

/**
 * The NLR stack machine of one trace (Ketterlin and Clauss, CGO 2008).
 *
 * <p>Slow path: an event is pushed as an interned term and the stack is reduced, walking back
 * i = 1 … 3K entries, first success wins, then again: (b) entry i is a loop whose body has i − 1
 * items and the items above it equal that body at its next iteration: they are dropped and the count
 * grows; (a) i = 3b and three consecutive blocks of b entries unify: they become a loop of three
 * iterations. Past the stack limit, the bottom quarter of the stack is emitted to the output.
 *
 * <p>Fast path: when the top of the stack is a loop, incoming events are compared with the expected
 * events of its next iteration (a {@link Cursor}) and not pushed at all; a completed iteration adds
 * one to the count. Nothing is allocated. When an event does not match after p matched ones, the p
 * events are replayed (regenerated lazily from the body, so memory stays bounded) through the slow
 * path, the first one bypassing the fast path of that loop, then the unmatched event follows. The
 * fast path is a shortcut for what rule (b) would do once the whole iteration stood on the stack.
 */
public final class Engine {

	private final int maxBody;
	private final int limit;
	private final Terms terms;

	private Node[] stack = new Node[64];
	/** The count of each loop entry of the stack (unused for events). */
	private long[] counts = new long[64];
	/** The skeleton hash of each entry (its full hash when affine generalization is off). */
	private int[] keys = new int[64];
	private int size;
	private final boolean affine;

	private final List<Node> output = new ArrayList<>();
	private long[] outputCounts = new long[16];

	private final Cursor cursor = new Cursor();
	/** Whether the fast path is on: the top is a loop and {@link #cursor} expects its next event. */
	private boolean fast;
	/** Events of the current iteration matched by the fast path and not pushed. */
	private long matched;

	/** Events to process before the next fed one: {@link Replay}s and {@link Event}s, head first. */
	private final ArrayDeque<Object> pending = new ArrayDeque<>();
	/** The next pending event goes to the slow path: the fast path just failed on it. */
	private boolean bypass;

	private long[] scratch = new long[8];
	private long events;

	public Engine(int maxBody, int limit, boolean affine) {
		if (maxBody < 1 || limit < 1) {
			throw new IllegalArgumentException("maxBody and limit must be at least 1");
		}
		this.maxBody = maxBody;
		this.limit = limit;
		this.affine = affine;
		this.terms = new Terms(affine);
	}

	/** Events fed so far. */
	public long events() {
		return events;
	}

	/** Entries on the working stack (bounded by the limit). */
	public int stackSize() {
		return size;
	}

	public void feed(TraceEvent event) {
		events++;
		long[] numbers = scratch(3 + event.words().size());
		if (fast) {
			try {
				if (cursor.expected().shape.extract(event, numbers) && cursor.matches(numbers)) {
					matched++;
					step();
					return;
				}
			} catch (ArithmeticException overflow) {
				// an expected value overflows: it cannot be the incoming one
			}
			mismatch(terms.event(event, numbers));
		} else {
			push(terms.event(event, numbers), 0);
		}
		drain();
	}

	/** Ends the pass: replays a partly matched iteration, and returns the model of the whole trace. */
	public Model finish() {
		return ModelBuilder.build(entries());
	}

	/**
	 * Ends the pass: the top-level entries of the whole trace, loops as {@link Loop}s with constant
	 * counts, {@link Rerolling rerolled}.
	 */
	List<Node> entries() {
		while (fast && matched > 0) {
			mismatch(null);
			drain();
		}
		fast = false;
		List<Node> entries = new ArrayList<>(output.size() + size);
		for (int i = 0; i < output.size(); i++) {
			entries.add(entry(output.get(i), outputCounts[i]));
		}
		for (int i = 0; i < size; i++) {
			entries.add(entry(stack[i], counts[i]));
		}
		return new Rerolling(terms, () -> new Engine(maxBody, limit, affine)).apply(entries);
	}

	private Node entry(Node term, long count) {
		return term instanceof Body body ? terms.intern(new Loop(AffineVectors.constant(count), body)) : term;
	}

	/** Feeds a closed event term, as {@link #feed(TraceEvent)} does an event of the trace. */
	void feed(Event event) {
		events++;
		offer(event);
		drain();
	}

	private long[] scratch(int length) {
		if (scratch.length < length) {
			scratch = new long[Math.max(length, scratch.length * 2)];
		}
		return scratch;
	}

	/** The fast path matched an event: move on, and count a completed iteration. */
	private void step() {
		boolean more;
		try {
			more = cursor.advance();
		} catch (ArithmeticException overflow) {
			mismatch(null);
			drain();
			return;
		}
		if (!more) {
			counts[size - 1]++;
			reduce();
			flush();
			restart();
		}
	}

	/** The fast path failed on {@code incoming} (null: on nothing, at the end or on an overflow). */
	private void mismatch(@Nullable Event incoming) {
		Body body = (Body) stack[size - 1];
		long n = counts[size - 1];
		fast = false;
		if (matched == 0) {
			if (incoming != null) {
				push(incoming, 0);
			}
			return;
		}
		if (incoming != null) {
			pending.push(incoming);
		}
		pending.push(new Replay(body, n, matched));
		matched = 0;
		bypass = true;
	}

	private void drain() {
		while (!pending.isEmpty()) {
			Event next;
			if (pending.peek() instanceof Replay replay) {
				next = replay.next();
				if (replay.remaining == 0) {
					pending.pop();
				}
			} else {
				next = (Event) pending.pop();
			}
			if (bypass) {
				bypass = false;
				push(next, 0);
			} else {
				offer(next);
			}
		}
	}

	/** A closed event term from a replay: the same as {@link #feed} without the parsing. */
	private void offer(Event event) {
		if (fast) {
			long[] numbers = scratch(event.values.length);
			for (int k = 0; k < event.values.length; k++) {
				numbers[k] = event.values[k][0];
			}
			try {
				if (cursor.expected().shape.equals(event.shape) && cursor.matches(numbers)) {
					matched++;
					step();
					return;
				}
			} catch (ArithmeticException overflow) {
				// cannot match
			}
			mismatch(event);
		} else {
			push(event, 0);
		}
	}

	private void push(Node term, long count) {
		if (size == stack.length) {
			int length = size * 2;
			stack = Arrays.copyOf(stack, length);
			counts = Arrays.copyOf(counts, length);
			keys = Arrays.copyOf(keys, length);
		}
		set(size++, term, count);
		reduce();
		flush();
		restart();
	}

	private void set(int entry, Node term, long count) {
		stack[entry] = term;
		counts[entry] = count;
		keys[entry] = affine ? term.skeleton : term.hash;
	}

	/** Turns the fast path on when the top of the stack is a loop with events in its next iteration. */
	private void restart() {
		matched = 0;
		try {
			fast = size > 0 && stack[size - 1] instanceof Body body && cursor.start(body, counts[size - 1]);
		} catch (ArithmeticException overflow) {
			fast = false;
		}
	}

	private void reduce() {
		reduction: while (true) {
			int reach = Math.min(size, 3 * maxBody);
			for (int i = 2; i <= reach; i++) {
				int entry = size - i;
				if (stack[entry] instanceof Body body && body.items.length == i - 1 && extendsLoop(entry, body)) {
					Arrays.fill(stack, entry + 1, size, null);
					size = entry + 1;
					counts[entry]++;
					continue reduction;
				}
				if (i % 3 == 0 && fold(i / 3)) {
					continue reduction;
				}
			}
			return;
		}
	}

	/** Rule (b): the entries above the loop at {@code entry} are its body at the next iteration. */
	private boolean extendsLoop(int entry, Body body) {
		long n = counts[entry];
		for (int k = 0; k < body.items.length; k++) {
			int above = entry + 1 + k;
			if (!Terms.matchesEntry(body.items[k], stack[above], counts[above], n)) {
				return false;
			}
		}
		return true;
	}

	/** Rule (a): the top 3b entries are three copies of a body of b items. */
	private boolean fold(int b) {
		int first = size - 3 * b;
		for (int k = b - 1; k >= 0; k--) {
			int key = keys[first + k];
			if (keys[first + b + k] != key || keys[first + 2 * b + k] != key) {
				return false;
			}
		}
		Node[] items = new Node[b];
		for (int k = 0; k < b; k++) {
			int x = first + k;
			int y = x + b;
			int z = y + b;
			items[k] = terms.unifyEntries(stack[x], counts[x], stack[y], counts[y], stack[z], counts[z]);
			if (items[k] == null) {
				return false;
			}
		}
		Arrays.fill(stack, first + 1, size, null);
		size = first + 1;
		set(first, terms.intern(new Body(items)), 3);
		return true;
	}

	/** Past the limit, the bottom quarter of the stack goes to the output. */
	private void flush() {
		if (size <= limit) {
			return;
		}
		int keep = Math.max(1, limit - limit / 4);
		int emitted = size - keep;
		if (outputCounts.length < output.size() + emitted) {
			outputCounts = Arrays.copyOf(outputCounts, Math.max(output.size() + emitted, outputCounts.length * 2));
		}
		for (int i = 0; i < emitted; i++) {
			outputCounts[output.size()] = counts[i];
			output.add(stack[i]);
		}
		System.arraycopy(stack, emitted, stack, 0, keep);
		System.arraycopy(counts, emitted, counts, 0, keep);
		System.arraycopy(keys, emitted, keys, 0, keep);
		Arrays.fill(stack, keep, size, null);
		size = keep;
	}

	/** The first {@code remaining} events of one iteration of a loop, regenerated one at a time. */
	private final class Replay {
		private final Cursor events = new Cursor();
		private long remaining;

		Replay(Body body, long n, long count) {
			events.start(body, n);
			remaining = count;
		}

		Event next() {
			Event event = events.closed(terms, scratch(events.expected().values.length));
			if (--remaining > 0) {
				events.advance();
			}
			return event;
		}
	}
}
