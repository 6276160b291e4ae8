// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Recognizer.MAX_BODY;

import java.util.Arrays;

import org.looptrace.model.core.RankSet;

/**
 * The rule that folds k copies of a block whose numbers walk around a cycle of k (SP's z sweeps
 * along the ranks 0, 7, 10, 13 of a 4 × 4 grid) into one loop of k iterations.
 */
final class CopiesAroundCycle {

	private CopiesAroundCycle() {
	}

	/**
	 * Whether the top of the stack is k ≥ 3 copies of a block whose numbers walk around a cycle of
	 * k ({@link Wrapping#cycle}): SP's z sweeps pass along the ranks 0, 7, 10, 13 of a 4 × 4 grid,
	 * where no three consecutive copies are affine. Loops of the block among them (0, then 9, 13,
	 * 17 folded already, then 21 on a 5 × 5 grid) count as their iterations. Then replaced by one
	 * loop of k iterations.
	 */
	static boolean rewrite(TermStack stack, int depth, CycleWindow window) {
		int size = stack.size();
		// Which block lengths loops near the top could expand to; others need periodic skeletons
		// right at the top of the stack, a test that rejects most lengths at once.
		boolean[] expandable = window.expandable;
		Arrays.fill(expandable, false);
		for (int i = Math.max(0, size - CycleWindow.MAX_ITEMS); i < size; i++) {
			int length = stack.countedBody(i);
			if (length > 0 && length <= MAX_BODY) {
				expandable[length] = true;
			}
		}
		for (int b = 1; b <= MAX_BODY; b++) {
			if (!expandable[b] && (3 * b > size || stack.skeleton(size - 1) != stack.skeleton(size - 1 - b))
					|| size >= 2 && !continues(stack.get(size - 1), stack.get(size - 2), b)) {
				continue;
			}
			window.reset(b, depth);
			for (int e = size - 1; e >= 0 && window.add(stack.get(e)); e--) {
				// A single loop is a cycle already (folding it again would never end).
				if (e == size - 1 || window.size() % b != 0 || window.size() < 3 * b || !window.mayWrap()) {
					continue;
				}
				Node[] body = window.fit();
				if (body != null) {
					stack.subList(e, size).clear();
					stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(window.size() / b - 1), body, RankSet.EMPTY));
					return true;
				}
			}
		}
		return false;
	}

	/**
	 * Whether a loop of the block at the top of the stack may be continued by the construct below
	 * it (the last construct of its block, if a loop of the block too), skeletons compared: if not,
	 * the window need not expand the loop to find out.
	 */
	private static boolean continues(Node top, Node below, int b) {
		if (!(top instanceof LoopNode loop) || loop.body.length != b || !loop.counted) {
			return true;
		}
		int last = below instanceof LoopNode other && other.body.length == b && other.counted ? other.body[b - 1].skeleton
				: below.skeleton;
		return last == loop.body[b - 1].skeleton;
	}
}
