// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.instantiate;
import static org.looptrace.merge.fold.internal.Terms.instantiatesTo;

import org.looptrace.model.core.RankSet;

/**
 * The rule that completes a pair folded too early: a loop of two iterations whose second copy's
 * last loop was still growing when the pair folded, then the rest of that loop.
 */
final class UnfinishedSecondCopy {

	private UnfinishedSecondCopy() {
	}

	/**
	 * Whether the i - 1 items at the top of the stack are the next iteration of the loop that ends
	 * the body of the loop of two iterations below them, at its second iteration: the pair was
	 * folded while the second copy's last loop was still growing (a run of LU's receives taken in
	 * two when the first half had the length of a shorter row). That loop's upper bound grows at
	 * the second iteration only, where the items are dropped.
	 */
	static boolean rewrite(TermStack stack, int i, int depth) {
		int size = stack.size();
		LoopNode pair = (LoopNode) stack.get(size - i);
		LoopNode last = (LoopNode) pair.body[pair.body.length - 1];
		if (!last.upper.readsIndex(depth)) {
			return false;
		}
		try {
			LoopNode second = (LoopNode) instantiate(last, depth, 1);
			if (!second.lower.isConstant() || !second.upper.isConstant()) {
				return false;
			}
			long next = Math.addExact(second.upper.constantTerm(), 1);
			if (second.lower.constantTerm() > next - 1) {
				return false; // an empty second copy would stay empty
			}
			for (int j = 0; j < second.body.length; j++) {
				if (!instantiatesTo(second.body[j], depth, next, stack.get(size - i + 1 + j))) {
					return false;
				}
			}
			Node[] body = pair.body.clone();
			body[body.length - 1] = new LoopNode(last.lower, last.upper.plusIndex(depth), last.body, RankSet.EMPTY);
			stack.subList(size - i, size).clear();
			stack.add(new LoopNode(pair.lower, pair.upper, body, RankSet.EMPTY));
			return true;
		} catch (ArithmeticException overflow) {
			return false;
		}
	}
}
