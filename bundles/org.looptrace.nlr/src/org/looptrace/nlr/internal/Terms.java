// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.internal.Node.Body;
import org.looptrace.nlr.internal.Node.Event;
import org.looptrace.nlr.internal.Node.Loop;

/**
 * Hash-consing and unification of terms. The tables are bounded: past {@link #TABLE_LIMIT} entries
 * they are cleared, so memory does not grow with the trace. Correctness never depends on interning
 * (equality falls back to structure when two equal terms come from different generations); interning
 * only makes equal terms identical, hence cheap to compare.
 */
final class Terms {

	static final int TABLE_LIMIT = 1 << 16;

	private final boolean affine;
	private final Map<Node, Node> nodes = new HashMap<>();
	private final Map<Shape, Shape> shapes = new HashMap<>();

	Terms(boolean affine) {
		this.affine = affine;
	}

	@SuppressWarnings("unchecked")
	<T extends Node> T intern(T node) {
		Node known = nodes.putIfAbsent(node, node);
		if (known != null) {
			return (T) known;
		}
		if (nodes.size() > TABLE_LIMIT) {
			nodes.clear();
		}
		return node;
	}

	Shape intern(Shape shape) {
		Shape known = shapes.putIfAbsent(shape, shape);
		if (known != null) {
			return known;
		}
		if (shapes.size() > TABLE_LIMIT) {
			shapes.clear();
		}
		return shape;
	}

	/** The closed, interned term of an event of the trace. */
	Event event(TraceEvent event, long[] scratch) {
		Shape shape = intern(Shape.of(event));
		shape.extract(event, scratch);
		long[][] values = new long[shape.numbers][];
		for (int k = 0; k < values.length; k++) {
			values[k] = AffineVectors.constant(scratch[k]);
		}
		return intern(new Event(shape, values));
	}

	/** The closed, interned event with these numbers. */
	Event event(Shape shape, long[] numbers) {
		long[][] values = new long[shape.numbers][];
		for (int k = 0; k < values.length; k++) {
			values[k] = AffineVectors.constant(numbers[k]);
		}
		return intern(new Event(shape, values));
	}

	// ---- rule (a): three consecutive copies become a loop of three iterations

	/**
	 * Unifies three closed stack entries (term, count) into one item of the body of a new loop, or
	 * returns null. Events give events; loops (a Body with its count) give a {@link Loop} whose count
	 * may be affine in the new index.
	 */
	@Nullable Node unifyEntries(Node x, long cx, Node y, long cy, Node z, long cz) {
		if (x instanceof Body bx && y instanceof Body by && z instanceof Body bz) {
			long @Nullable [] count = AffineVectors.unify(AffineVectors.constant(cx), AffineVectors.constant(cy), AffineVectors.constant(cz), 0, affine);
			if (count == null) {
				return null;
			}
			Body body = unifyBody(bx, by, bz, 0);
			return body == null ? null : intern(new Loop(count, body));
		}
		return x instanceof Event && y instanceof Event && z instanceof Event ? unify(x, y, z, 0) : null;
	}

	/** Unifies three items at {@code level} (loops around them inside the copies). */
	private @Nullable Node unify(Node x, Node y, Node z, int level) {
		if (Node.same(x, y) && Node.same(y, z)) {
			return x;
		}
		if (!affine || x.skeleton != y.skeleton || y.skeleton != z.skeleton) {
			return null;
		}
		if (x instanceof Event ex && y instanceof Event ey && z instanceof Event ez) {
			if (!ex.shape.equals(ey.shape) || !ey.shape.equals(ez.shape)) {
				return null;
			}
			long[][] values = new long[ex.values.length][];
			for (int k = 0; k < values.length; k++) {
				long @Nullable [] value = AffineVectors.unify(ex.values[k], ey.values[k], ez.values[k], level, true);
				if (value == null) {
					return null;
				}
				values[k] = value;
			}
			return intern(new Event(ex.shape, values));
		}
		if (x instanceof Loop lx && y instanceof Loop ly && z instanceof Loop lz) {
			long @Nullable [] count = AffineVectors.unify(lx.count, ly.count, lz.count, level, true);
			if (count == null) {
				return null;
			}
			Body body = unifyBody(lx.body, ly.body, lz.body, level);
			return body == null ? null : intern(new Loop(count, body));
		}
		return null;
	}

	/** Unifies the bodies of three loops standing at {@code level}; their items are at level + 1. */
	private @Nullable Body unifyBody(Body x, Body y, Body z, int level) {
		if (Node.same(x, y) && Node.same(y, z)) {
			return x;
		}
		int length = x.items.length;
		if (!affine || y.items.length != length || z.items.length != length) {
			return null;
		}
		Node[] items = new Node[length];
		for (int i = 0; i < length; i++) {
			Node item = unify(x.items[i], y.items[i], z.items[i], level + 1);
			if (item == null) {
				return null;
			}
			items[i] = item;
		}
		return intern(new Body(items));
	}

	// ---- rule (b): a loop followed by a copy of its body at the next iteration

	/**
	 * Whether the closed stack entry (term, count) is the item {@code open} of the body of a loop,
	 * evaluated at iteration {@code n} of that loop.
	 */
	static boolean matchesEntry(Node open, Node term, long count, long n) {
		if (open instanceof Loop loop) {
			return term instanceof Body body && AffineVectors.matches(loop.count, AffineVectors.constant(count), 0, n)
					&& matchesBody(loop.body, body, 0, n);
		}
		return term instanceof Event && matches(open, term, 0, n);
	}

	/** {@code open} stands at {@code level} inside the entry; the loop of n is at position level + 1. */
	private static boolean matches(Node open, Node closed, int level, long n) {
		if (open.free <= level) {
			return Node.same(open, closed);
		}
		if (open instanceof Event eo && closed instanceof Event ec) {
			if (!eo.shape.equals(ec.shape)) {
				return false;
			}
			for (int k = 0; k < eo.values.length; k++) {
				if (!AffineVectors.matches(eo.values[k], ec.values[k], level, n)) {
					return false;
				}
			}
			return true;
		}
		return open instanceof Loop lo && closed instanceof Loop lc && AffineVectors.matches(lo.count, lc.count, level, n)
				&& matchesBody(lo.body, lc.body, level, n);
	}

	/** Bodies of loops standing at {@code level}. */
	private static boolean matchesBody(Body open, Body closed, int level, long n) {
		if (open.free <= level) {
			return Node.same(open, closed);
		}
		if (open.items.length != closed.items.length) {
			return false;
		}
		for (int i = 0; i < open.items.length; i++) {
			if (!matches(open.items[i], closed.items[i], level + 1, n)) {
				return false;
			}
		}
		return true;
	}
}
