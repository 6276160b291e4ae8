// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Capability.PAIRS;
import static org.looptrace.merge.fold.internal.Capability.PAIRS_OF_LOOPS;
import static org.looptrace.merge.fold.internal.Capability.UNROLLED_FITS;
import static org.looptrace.merge.fold.internal.Capability.WRAP_AROUNDS;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.internal.Checkpoints;
import org.looptrace.model.core.Progress;

/**
 * NLR's stack machine over the constructs of one system: each construct pushed, then the top of
 * the stack rewritten by the first rule that applies, again until none does. The rules are tried
 * at each length from the shortest, in a fixed order (see the package's documentation); the rule
 * set says which may apply.
 */
final class Recognizer {

	/** The longest loop body looked for, in constructs. */
	static final int MAX_BODY = 64;

	/** Steps are reported to the progress in batches of this many (its calls are serialized). */
	private static final int REPORTED_STEPS = 256;

	private Recognizer() {
	}

	/**
	 * The sequence of constructs at {@code depth} recognized with the rules; {@code ranges}: the
	 * {lower, upper} of the index of each enclosing loop whose bounds are constant (null
	 * otherwise), outermost first.
	 */
	static List<Node> recognize(List<Node> items, int depth, RuleSet rules, List<long @Nullable []> ranges, Progress progress) {
		TermStack stack = new TermStack(items.size());
		CycleWindow window = new CycleWindow();
		// Each step tries reductions of up to 3 · MAX_BODY constructs: check often.
		Checkpoints checkpoints = new Checkpoints(progress, 16);
		int unreported = 0;
		for (Node item : items) {
			checkpoints.step();
			stack.add(item);
			while (reduce(stack, depth, rules, ranges, window)) {
				// reduce again until no rule applies
			}
			if (++unreported == REPORTED_STEPS) {
				progress.worked(unreported);
				unreported = 0;
			}
		}
		if (unreported > 0) {
			progress.worked(unreported);
		}
		return stack;
	}

	/** One reduction at the top of the stack, the shortest first; whether one applied. */
	private static boolean reduce(TermStack stack, int depth, RuleSet rules, List<long @Nullable []> ranges, CycleWindow window) {
		boolean pairs = rules.has(PAIRS);
		boolean pairsOfLoops = rules.has(PAIRS_OF_LOOPS);
		boolean wrapArounds = rules.has(WRAP_AROUNDS);
		int size = stack.size();
		// Copies of a block end with constructs of the top's skeleton, a loop growing by its body too.
		int top = stack.skeleton(size - 1);
		for (int i = 2; i <= 3 * MAX_BODY && i <= size; i++) {
			if (stack.countedBody(size - i) == i - 1 && LoopAndNextIteration.rewrite(stack, i, depth, rules)) {
				return true;
			}
			if (i % 3 == 0 && stack.skeleton(size - 1 - i / 3) == top && RepeatedBlocks.rewrite(stack, i / 3, 3, depth, rules, ranges)) {
				return true;
			}
			if (pairs && i % 2 == 0 && i <= 2 * MAX_BODY && stack.skeleton(size - 1 - i / 2) == top
					&& (i >= 4 || pairsOfLoops && stack.get(size - 2) instanceof LoopNode)
					&& RepeatedBlocks.rewrite(stack, i / 2, 2, depth, rules, ranges)) {
				return true;
			}
			if (wrapArounds && RunsAcrossWrapAround.rewrite(stack, i, depth, rules)) {
				return true;
			}
			if (pairs && stack.pairTail(size - i) == i - 1 && UnfinishedSecondCopy.rewrite(stack, i, depth)) {
				return true;
			}
		}
		FitAnswers answers = rules.answers();
		return wrapArounds && (LoopStartingMidStep.rewrite(stack, depth, rules) || CopiesAroundCycle.rewrite(stack, depth, window))
				|| rules.has(UNROLLED_FITS) && answers != null && LoopsFittedByValues.rewrite(stack, depth, ranges, answers);
	}
}
