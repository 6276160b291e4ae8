// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Combiner.combine;
import static org.looptrace.merge.fold.internal.Terms.sameShape;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Comparison of constructs at one depth by the values they take on every iteration of their
 * loops (up to a budget) rather than by their form. The copies of a cycle need it: where a
 * copy's wrap-around falls past its loop's end, its form lacks the residue the others have
 * ({@code 3+3*j} against {@code 3+4*j-mod(j,4)}, equal on 0..3). Constructs that read the
 * index of an enclosing loop are compared by form only.
 */
final class Agreement implements Combiner {
	/** Iterations of inner loops compared at most, per comparison. */
	private static final int BUDGET = 4096;
	/** The pairs of copies a number may be interpolated from, in the order tried. */
	private static final int[][] PAIRS = { { 0, 1 }, { 1, 2 }, { 0, 2 } };
	private final int depth;
	private int budget;
	/** While unifying: the loops around the copies' constructs, outermost first, one per copy. */
	private final List<LoopNode[]> loops = new ArrayList<>();

	Agreement(int depth) {
		this.depth = depth;
	}

	/** Whether a and b, at this depth, take the same values. */
	boolean same(Node a, Node b) {
		if (a.skeleton != b.skeleton || readsBelow(a) || readsBelow(b)) {
			return false;
		}
		budget = BUDGET;
		try {
			return same(a, b, depth, new long[depth + Math.max(height(a), height(b)) + 1]);
		} catch (ArithmeticException overflow) {
			return false;
		}
	}

	private boolean same(Node a, Node b, int at, long[] indices) {
		if (--budget < 0) {
			return false;
		}
		if (a instanceof EventNode ea && b instanceof EventNode eb) {
			if (!sameShape(ea, eb)) {
				return false;
			}
			for (int k = 0; k < ea.numbers.length; k++) {
				if (ea.numbers[k].evaluate(indices) != eb.numbers[k].evaluate(indices)) {
					return false;
				}
			}
			return true;
		}
		if (!(a instanceof LoopNode la) || !(b instanceof LoopNode lb) || la.body.length != lb.body.length) {
			return false;
		}
		long lower = la.lower.evaluate(indices);
		long upper = la.upper.evaluate(indices);
		if (lower != lb.lower.evaluate(indices) || upper != lb.upper.evaluate(indices)) {
			return false;
		}
		for (long v = lower; v <= upper; v++) {
			indices[at] = v;
			for (int i = 0; i < la.body.length; i++) {
				if (!same(la.body[i], lb.body[i], at + 1, indices)) {
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * Three copies as one block over a new loop at this depth: where their forms do not
	 * unify, a number is taken from two copies ({@link Interpolation}) when the
	 * third takes its values. Null when some number is neither.
	 */
	Node @Nullable [] unify(Node[] x, Node[] y, Node[] z) {
		if (Arrays.stream(x).anyMatch(this::readsBelow) || Arrays.stream(y).anyMatch(this::readsBelow)
				|| Arrays.stream(z).anyMatch(this::readsBelow)) {
			return null;
		}
		loops.clear();
		return combine(new Node[][] { x, y, z }, this);
	}

	@Override
	public void enter(LoopNode[] copies) {
		loops.add(copies);
	}

	@Override
	public void leave() {
		loops.remove(loops.size() - 1);
	}

	@Override
	public @Nullable DepthExpr bound(DepthExpr[] column) {
		return number(column);
	}

	@Override
	public @Nullable DepthExpr number(DepthExpr[] column) {
		DepthExpr unified = StepUnification.unify(column[0], column[1], column[2], depth);
		if (unified != null) {
			return unified;
		}
		for (int[] pair : PAIRS) {
			DepthExpr candidate = Interpolation.interpolate(column[pair[0]], pair[0], column[pair[1]], pair[1], depth);
			if (candidate != null && agrees(candidate, column)) {
				return candidate;
			}
		}
		return null;
	}

	/** Whether the candidate at iteration c takes the values of copy c, c = 0, 1, 2. */
	private boolean agrees(DepthExpr candidate, DepthExpr[] column) {
		budget = BUDGET;
		try {
			for (int c = 0; c < column.length; c++) {
				long[] indices = new long[depth + loops.size() + 1];
				long[] lifted = new long[depth + loops.size() + 2];
				lifted[depth] = c;
				if (!agrees(candidate, column[c], c, 0, indices, lifted)) {
					return false;
				}
			}
			return true;
		} catch (ArithmeticException overflow) {
			return false;
		}
	}

	private boolean agrees(DepthExpr candidate, DepthExpr copy, int c, int level, long[] indices, long[] lifted) {
		if (level == loops.size()) {
			return candidate.evaluate(lifted) == copy.evaluate(indices);
		}
		LoopNode loop = loops.get(level)[c];
		for (long v = loop.lower.evaluate(indices), upper = loop.upper.evaluate(indices); v <= upper; v++) {
			if (--budget < 0) {
				return false;
			}
			indices[depth + level] = v;
			lifted[depth + 1 + level] = v;
			if (!agrees(candidate, copy, c, level + 1, indices, lifted)) {
				return false;
			}
		}
		return true;
	}

	private boolean readsBelow(Node node) {
		if (node instanceof EventNode event) {
			for (DepthExpr number : event.numbers) {
				if (number.readsBelow(depth)) {
					return true;
				}
			}
			return false;
		}
		LoopNode loop = (LoopNode) node;
		if (loop.lower.readsBelow(depth) || loop.upper.readsBelow(depth)) {
			return true;
		}
		for (Node inner : loop.body) {
			if (readsBelow(inner)) {
				return true;
			}
		}
		return false;
	}

	private static int height(Node node) {
		return node instanceof LoopNode loop ? 1 + Arrays.stream(loop.body).mapToInt(Agreement::height).max().orElse(0) : 0;
	}
}
