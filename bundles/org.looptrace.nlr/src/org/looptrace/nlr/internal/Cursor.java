// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

import org.looptrace.nlr.internal.Node.Body;
import org.looptrace.nlr.internal.Node.Event;
import org.looptrace.nlr.internal.Node.Loop;

/**
 * Walks the events of one iteration of a loop body, expanding inner loops, without allocating
 * (arrays grow only with the nesting depth). Frame 0 is the body at iteration {@code n}; frame f > 0
 * an inner loop. The vector position j of an event in frame f is the loop of frame f + 1 − j.
 */
final class Cursor {

	private Node[][] items = new Node[4][];
	private int[] position = new int[4];
	private long[] index = new long[4];
	private long[] count = new long[4];
	private int depth;
	/** The expected event, null at the end of the iteration. */
	private @Nullable Event current;
	/** Events yielded since {@link #start}, the current one included. */
	long yielded;

	/** Positions the cursor on the first event of iteration {@code n}; false if it has none. */
	boolean start(Body body, long n) {
		depth = 0;
		items[0] = body.items;
		position[0] = 0;
		index[0] = n;
		yielded = 0;
		return advance();
	}

	/**
	 * Moves to the next event of the iteration; false at its end.
	 *
	 * @throws ArithmeticException when an inner loop count overflows (the caller treats it as a mismatch)
	 */
	boolean advance() {
		while (true) {
			if (position[depth] == items[depth].length) {
				if (depth == 0) {
					current = null;
					return false;
				}
				if (index[depth] + 1 < count[depth]) {
					index[depth]++;
					position[depth] = 0;
				} else {
					depth--;
				}
				continue;
			}
			Node item = items[depth][position[depth]++];
			if (item instanceof Loop loop) {
				long iterations = value(loop.count);
				if (iterations > 0) {
					push(loop.body, iterations);
				}
				continue;
			}
			current = (Event) item;
			yielded++;
			return true;
		}
	}

	private void push(Body body, long iterations) {
		if (++depth == items.length) {
			int size = depth * 2;
			items = Arrays.copyOf(items, size);
			position = Arrays.copyOf(position, size);
			index = Arrays.copyOf(index, size);
			count = Arrays.copyOf(count, size);
		}
		items[depth] = body.items;
		position[depth] = 0;
		index[depth] = 0;
		count[depth] = iterations;
	}

	/** The value of a vector of the current frame. */
	long value(long[] vector) {
		long value = vector[0];
		for (int j = 1; j < vector.length; j++) {
			value = Math.addExact(value, Math.multiplyExact(vector[j], index[depth + 1 - j]));
		}
		return value;
	}

	/** The expected event; only between an {@link #advance} that returned true and the next one. */
	Event expected() {
		Event event = current;
		if (event == null) {
			throw new IllegalStateException("no expected event: the iteration has ended");
		}
		return event;
	}

	/** Whether the current expected event has these numbers. */
	boolean matches(long[] numbers) {
		long[][] values = expected().values;
		for (int k = 0; k < values.length; k++) {
			if (value(values[k]) != numbers[k]) {
				return false;
			}
		}
		return true;
	}

	/** The current expected event as a closed term. */
	Event closed(Terms terms, long[] scratch) {
		Event event = expected();
		long[][] values = event.values;
		for (int k = 0; k < values.length; k++) {
			scratch[k] = value(values[k]);
		}
		return terms.event(event.shape, scratch);
	}
}
