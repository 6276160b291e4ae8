// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.UnaryOperator;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/** Operations on terms: copies with their numbers changed, comparisons, sizes, unrolling. */
final class Terms {

	/** Constructs a flattened copy holds at most. */
	private static final int MAX_UNROLLED = 512;

	private Terms() {
	}

	/** {lower, upper} of the loops when they all have these constant bounds, else null. */
	static long @Nullable [] range(LoopNode... loops) {
		for (LoopNode loop : loops) {
			if (!loop.lower.isConstant() || !loop.upper.isConstant()
					|| loop.lower.constantTerm() != loops[0].lower.constantTerm()
					|| loop.upper.constantTerm() != loops[0].upper.constantTerm()) {
				return null;
			}
		}
		return new long[] { loops[0].lower.constantTerm(), loops[0].upper.constantTerm() };
	}

	/**
	 * The ranges of enclosing loops ({lower, upper}, or null when not constant) as a key of a map:
	 * lists compare by value where arrays do not; an empty list for null.
	 */
	static List<List<Long>> rangesKey(List<long @Nullable []> ranges) {
		return ranges.stream().map(range -> range == null ? List.<Long>of() : List.of(range[0], range[1])).toList();
	}

	/**
	 * Events that differ at most by their numbers. Identity first: events of one shape share their
	 * symbols and group (see {@link ModelTerms}).
	 */
	static boolean sameShape(EventNode a, EventNode b) {
		return a.kind == b.kind && a.numbers.length == b.numbers.length
				&& (a.symbols == b.symbols || Arrays.equals(a.symbols, b.symbols))
				&& (a.group == b.group || Objects.equals(a.group, b.group));
	}

	/** The construct with the index at {@code depth} set to n (a body item taken out of its loop). */
	static Node instantiate(Node node, int depth, long n) {
		return mapped(node, number -> number.instantiate(depth, n));
	}

	/** Whether {@code instantiate(node, depth, n)} equals {@code copy}, found without building it. */
	static boolean instantiatesTo(Node node, int depth, long n, Node copy) {
		return alike(node, copy, (number, other) -> number.instantiatesTo(depth, n, other));
	}

	/** Whether the constructs are equal but for the order of the residues and xors in their numbers. */
	static boolean sameSums(Node a, Node b) {
		return alike(a, b, DepthExpr::sameSum);
	}

	/** Whether the constructs have one shape and each number of a is {@code same} as b's. */
	private static boolean alike(Node a, Node b, BiPredicate<DepthExpr, DepthExpr> same) {
		if (a.skeleton != b.skeleton) {
			return false;
		}
		if (a instanceof EventNode event) {
			if (!(b instanceof EventNode other) || !sameShape(event, other)) {
				return false;
			}
			for (int k = 0; k < event.numbers.length; k++) {
				if (!same.test(event.numbers[k], other.numbers[k])) {
					return false;
				}
			}
			return true;
		}
		LoopNode loop = (LoopNode) a;
		if (!(b instanceof LoopNode other) || loop.body.length != other.body.length || !same.test(loop.lower, other.lower)
				|| !same.test(loop.upper, other.upper)) {
			return false;
		}
		for (int i = 0; i < loop.body.length; i++) {
			if (!alike(loop.body[i], other.body[i], same)) {
				return false;
			}
		}
		return true;
	}

	/** Whether {@code length} constructs from {@code a[from]} and {@code b[start]} are {@link #sameSums}. */
	static boolean sameSums(Node[] a, int from, Node[] b, int start, int length) {
		if (from + length > a.length || start + length > b.length) {
			return false;
		}
		for (int k = 0; k < length; k++) {
			if (!sameSums(a[from + k], b[start + k])) {
				return false;
			}
		}
		return true;
	}

	/** The construct with every number and loop bound inside replaced by its image. */
	static Node mapped(Node node, UnaryOperator<DepthExpr> image) {
		if (node instanceof EventNode event) {
			DepthExpr[] numbers = new DepthExpr[event.numbers.length];
			for (int k = 0; k < numbers.length; k++) {
				numbers[k] = image.apply(event.numbers[k]);
			}
			return event.withNumbers(numbers);
		}
		LoopNode loop = (LoopNode) node;
		Node[] body = new Node[loop.body.length];
		for (int i = 0; i < body.length; i++) {
			body[i] = mapped(loop.body[i], image);
		}
		return new LoopNode(image.apply(loop.lower), image.apply(loop.upper), body, RankSet.EMPTY);
	}

	/** The construct with the index at {@code depth} replaced by {@code index + k}. */
	static Node advanced(Node node, int depth, long k) {
		return mapped(node, number -> number.shift(depth, k));
	}

	/** Copies of constructs moved into a new loop at {@code depth} that they do not depend on. */
	static Node[] lifted(List<Node> items, int depth) {
		Node[] result = new Node[items.size()];
		for (int i = 0; i < result.length; i++) {
			result[i] = mapped(items.get(i), number -> number.lifted(depth));
		}
		return result;
	}

	static long count(LoopNode loop) {
		return loop.upper.constantTerm() + 1;
	}

	/** Constructs, loops and events, inside loops included. */
	static long size(Iterable<Node> items) {
		long size = 0;
		for (Node item : items) {
			size += 1 + (item instanceof LoopNode loop ? size(List.of(loop.body)) : 0);
		}
		return size;
	}

	static boolean sameSkeletons(List<Node> a, List<Node> b) {
		if (a.size() != b.size()) {
			return false;
		}
		for (int j = 0; j < a.size(); j++) {
			if (a.get(j).skeleton != b.get(j).skeleton) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Adds the items to {@code into} with their loops of constant bounds unrolled (the items at
	 * {@code depth}); false past {@link #MAX_UNROLLED} constructs.
	 */
	static boolean unroll(List<Node> items, int depth, List<Node> into) {
		for (Node item : items) {
			if (item instanceof LoopNode loop && loop.lower.isConstant() && loop.upper.isConstant()) {
				if (loop.upper.constantTerm() - loop.lower.constantTerm() >= MAX_UNROLLED) {
					return false;
				}
				for (long n = loop.lower.constantTerm(); n <= loop.upper.constantTerm(); n++) {
					long iteration = n;
					List<Node> instances;
					try {
						instances = Arrays.stream(loop.body).map(node -> instantiate(node, depth, iteration)).toList();
					} catch (ArithmeticException overflow) {
						return false;
					}
					if (into.size() + instances.size() > MAX_UNROLLED || !unroll(instances, depth, into)) {
						return false;
					}
				}
			} else if (into.size() == MAX_UNROLLED) {
				return false;
			} else {
				into.add(item);
			}
		}
		return true;
	}

	/** The moduli of the residues in the constructs. */
	static Set<Long> moduli(Node[]... blocks) {
		Set<Long> moduli = new TreeSet<>();
		for (Node[] block : blocks) {
			for (Node node : block) {
				if (node instanceof LoopNode loop) {
					moduli.addAll(moduli(loop.body));
				} else {
					for (DepthExpr number : ((EventNode) node).numbers) {
						number.residues().forEach(residue -> moduli.add(residue.modulus()));
					}
				}
			}
		}
		return moduli;
	}

	/** The items with each loop's body replaced by what {@code pass} makes of it within the loop's range. */
	static List<Node> withBodies(List<Node> items, List<long @Nullable []> ranges,
			BiFunction<List<Node>, List<long @Nullable []>, List<Node>> pass) {
		List<Node> result = new ArrayList<>(items.size());
		for (Node item : items) {
			if (item instanceof LoopNode loop) {
				List<long @Nullable []> within = new ArrayList<>(ranges);
				within.add(range(loop));
				result.add(new LoopNode(loop.lower, loop.upper, pass.apply(List.of(loop.body), within).toArray(new Node[0]),
						loop.ranks));
			} else {
				result.add(item);
			}
		}
		return result;
	}
}
