// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * An immutable NLR term, hash-consed by {@link Terms}: an event, a loop (count and body) or the body
 * of a loop. Hash, skeleton hash and free depth are computed once, so comparing two terms costs an
 * identity test when they are equal and interned, and one int comparison in most other cases.
 */
abstract sealed class Node {

	/** Structural hash. */
	final int hash;
	/** Hash of the structure without the constants of its vectors: terms that may unify share it. */
	final int skeleton;
	/** How many loops outside this term its vectors refer to (0: closed). */
	final int free;

	Node(int hash, int skeleton, int free) {
		this.hash = hash;
		this.skeleton = skeleton;
		this.free = free;
	}

	@Override
	public final int hashCode() {
		return hash;
	}

	static boolean same(Node a, Node b) {
		return a == b || a.hash == b.hash && a.equals(b);
	}

	/** An event: a shape and one affine vector per number of the shape. */
	static final class Event extends Node {
		final Shape shape;
		final long[][] values;

		Event(Shape shape, long[][] values) {
			super(hash(shape, values), skeleton(shape, values), free(values));
			this.shape = shape;
			this.values = values;
		}

		private static int hash(Shape shape, long[][] values) {
			return shape.hashCode() * 31 + Arrays.deepHashCode(values);
		}

		private static int skeleton(Shape shape, long[][] values) {
			int hash = shape.hashCode();
			for (long[] value : values) {
				hash = 31 * hash + AffineVectors.skeleton(value);
			}
			return hash;
		}

		private static int free(long[][] values) {
			int free = 0;
			for (long[] value : values) {
				free = Math.max(free, value.length - 1);
			}
			return free;
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			return this == obj || obj instanceof Event other && hash == other.hash
					&& (shape == other.shape || shape.equals(other.shape)) && Arrays.deepEquals(values, other.values);
		}
	}

	/** The items of a loop body (events and loops), without the count. On the stack it is a loop. */
	static final class Body extends Node {
		final Node[] items;

		Body(Node[] items) {
			super(Arrays.hashCode(items) * 17 + 1, skeleton(items), free(items));
			this.items = items;
		}

		private static int skeleton(Node[] items) {
			int hash = 1;
			for (Node item : items) {
				hash = 31 * hash + item.skeleton;
			}
			return hash;
		}

		/** Free depth seen from the loop: the loop itself encloses its items. */
		private static int free(Node[] items) {
			int free = 0;
			for (Node item : items) {
				free = Math.max(free, item.free - 1);
			}
			return free;
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			if (this == obj) {
				return true;
			}
			if (!(obj instanceof Body other) || hash != other.hash || items.length != other.items.length) {
				return false;
			}
			for (int i = 0; i < items.length; i++) {
				if (!same(items[i], other.items[i])) {
					return false;
				}
			}
			return true;
		}
	}

	/** A loop inside a body: its count is an affine vector (triangular nests), its body a Body. */
	static final class Loop extends Node {
		final long[] count;
		final Body body;

		Loop(long[] count, Body body) {
			super(31 * Arrays.hashCode(count) + body.hash + 7, 31 * AffineVectors.skeleton(count) + body.skeleton + 7,
					Math.max(count.length - 1, body.free));
			this.count = count;
			this.body = body;
		}

		@Override
		public boolean equals(@Nullable Object obj) {
			return this == obj || obj instanceof Loop other && hash == other.hash && Arrays.equals(count, other.count)
					&& same(body, other.body);
		}
	}
}
