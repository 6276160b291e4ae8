// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.instantiate;
import static org.looptrace.merge.fold.internal.Terms.instantiatesTo;

import org.looptrace.model.core.RankSet;

/**
 * The rule that grows a loop by one iteration: a loop from 0 to a constant, then its body at the
 * next iteration, become the loop with one iteration more (NLR's second rule).
 */
final class LoopAndNextIteration {

	private LoopAndNextIteration() {
	}

	/**
	 * Whether the i - 1 items above the loop i places below the top of the stack are its body at
	 * its next iteration (with {@link Capability#WRAP_AROUNDS}: take the same values at every
	 * iteration of their loops, as a walk around a cycle does where its wrap-around falls past the
	 * loop's end); then the loop has grown by one iteration in their place.
	 */
	static boolean rewrite(TermStack stack, int i, int depth, RuleSet rules) {
		int size = stack.size();
		if (!(stack.get(size - i) instanceof LoopNode loop) || !grows(stack, loop, depth, rules)) {
			return false;
		}
		stack.subList(size - i, size).clear();
		stack.add(new LoopNode(loop.lower, loop.upper.plus(1), loop.body, RankSet.EMPTY));
		return true;
	}

	private static boolean grows(TermStack stack, LoopNode loop, int depth, RuleSet rules) {
		if (!loop.counted) {
			return false;
		}
		int start = stack.size() - loop.body.length;
		for (int j = 0; j < loop.body.length; j++) {
			if (loop.body[j].skeleton != stack.skeleton(start + j)) {
				return false;
			}
		}
		try {
			long next = Math.addExact(loop.upper.constantTerm(), 1);
			for (int j = 0; j < loop.body.length; j++) {
				Node copy = stack.get(start + j);
				if (!instantiatesTo(loop.body[j], depth, next, copy) && (!rules.has(Capability.WRAP_AROUNDS)
						|| !new Agreement(depth).same(instantiate(loop.body[j], depth, next), copy))) {
					return false;
				}
			}
			return true;
		} catch (ArithmeticException overflow) {
			return false;
		}
	}
}
