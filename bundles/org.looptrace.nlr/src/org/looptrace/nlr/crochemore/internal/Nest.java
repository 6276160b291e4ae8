// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.crochemore.internal;

import java.util.List;

/** An item of a loop nest over symbols: one symbol, or a loop repeating a body a number of times. */
public sealed interface Nest {

	/** One symbol of the trace. */
	record Leaf(int symbol) implements Nest {
	}

	/** {@code count} copies of {@code body}, count at least 2. */
	record Repeat(int count, List<Nest> body) implements Nest {

		public Repeat {
			body = List.copyOf(body);
		}
	}

	/** The symbols the items stand for, appended to {@code out}. */
	static void expand(List<Nest> items, IntArray out) {
		for (Nest item : items) {
			if (item instanceof Leaf leaf) {
				out.add(leaf.symbol());
			} else {
				Repeat repeat = (Repeat) item;
				for (int i = 0; i < repeat.count(); i++) {
					expand(repeat.body(), out);
				}
			}
		}
	}

	/** Constructs of the items: symbols and loops, inner ones included. */
	static long constructs(List<Nest> items) {
		long constructs = 0;
		for (Nest item : items) {
			constructs += 1 + (item instanceof Repeat repeat ? constructs(repeat.body()) : 0);
		}
		return constructs;
	}
}
