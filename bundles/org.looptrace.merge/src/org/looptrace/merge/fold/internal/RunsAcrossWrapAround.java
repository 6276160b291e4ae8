// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Combiner.combine;
import static org.looptrace.merge.fold.internal.Terms.count;
import static org.looptrace.merge.fold.internal.Terms.lifted;
import static org.looptrace.merge.fold.internal.Terms.sameSkeletons;

import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/**
 * The rule that joins two runs of one step into one loop: a loop and a copy of its body, a copy
 * and a loop, two loops, or a copy, a loop and a copy, when the second run continues the first,
 * or continues it past a wrap-around (the neighbours of a periodic grid, {@code mod(3+i1,4)}).
 */
final class RunsAcrossWrapAround {

	private RunsAcrossWrapAround() {
	}

	/**
	 * Whether the top i constructs are two runs of one step (see {@link RuleSet#PERIODIC}), then
	 * replaced by one loop.
	 */
	static boolean rewrite(TermStack stack, int i, int depth, RuleSet rules) {
		int size = stack.size();
		// Each way needs a loop from 0 to a constant at the bottom, the top or the middle.
		if (!(i == 2 && stack.countedBody(size - 2) > 0 && stack.countedBody(size - 1) > 0)
				&& stack.countedBody(size - i) != i - 1 && stack.countedBody(size - 1) != i - 1
				&& !(i % 2 == 1 && stack.countedBody(size - 1 - i / 2) == i / 2)) {
			return false;
		}
		Node bottom = stack.get(size - i);
		Node top = stack.get(size - 1);
		Node[] body = null;
		long count = 0;
		if (i == 2 && bottom instanceof LoopNode first && top instanceof LoopNode second && first.counted && second.counted) {
			count = count(first) + count(second);
			body = join(List.of(first.body), Run.loopBody(count(first)), List.of(second.body), Run.loopBody(count(second)), count, depth, rules);
		}
		if (body == null && bottom instanceof LoopNode loop && loop.counted && loop.body.length == i - 1) {
			count = count(loop) + 1;
			body = join(List.of(loop.body), Run.loopBody(count(loop)), stack.subList(size - i + 1, size), Run.singleCopy(), count, depth, rules);
		}
		if (body == null && top instanceof LoopNode loop && loop.counted && loop.body.length == i - 1) {
			count = 1 + count(loop);
			body = join(stack.subList(size - i, size - 1), Run.singleCopy(), List.of(loop.body), Run.loopBody(count(loop)), count, depth, rules);
		}
		// A copy, a loop, a copy: the two ends may wrap where the loop's count alone does not tell the cycle.
		if (body == null && i % 2 == 1 && stack.get(size - 1 - i / 2) instanceof LoopNode loop && loop.counted
				&& loop.body.length == i / 2) {
			count = count(loop) + 2;
			body = join(stack.subList(size - i, size - 1 - i / 2), Run.singleCopy(), List.of(loop.body), Run.loopBody(count(loop)), count,
					depth, rules);
			body = body == null ? null
					: join(List.of(body), Run.loopBody(count(loop) + 1), stack.subList(size - i / 2, size), Run.singleCopy(), count, depth, rules);
		}
		if (body == null) {
			return false;
		}
		stack.subList(size - i, size).clear();
		stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(count - 1), body, RankSet.EMPTY));
		return true;
	}

	/**
	 * The body of one loop over two runs of a step, each a loop body or a single copy (of
	 * constructs outside the new loop, lifted into it); null when they do not join. Two runs of
	 * different constant values join only with {@link Capability#JUMPING_CONSTANTS}.
	 */
	static Node @Nullable [] join(List<Node> a, Run first, List<Node> b, Run second, long cycle, int depth, RuleSet rules) {
		if (!sameSkeletons(a, b)) {
			return null;
		}
		Node[] x = first.isSingleCopy() ? lifted(a, depth) : a.toArray(new Node[0]);
		Node[] y = second.isSingleCopy() ? lifted(b, depth) : b.toArray(new Node[0]);
		if (!rules.has(Capability.JUMPING_CONSTANTS)) {
			return combine(new Node[][] { x, y }, new RunConcatenation(first, second, cycle, depth, Wrapping.Constants.APART));
		}
		Node @Nullable [] body = combine(new Node[][] { x, y }, new RunConcatenation(first, second, cycle, depth, Wrapping.Constants.JUMPING));
		JumpingJoins jumps = rules.jumps();
		// Noted only where the runs of constants made the join: the rest the second way folds alike.
		if (body != null && jumps != null && !jumps.any()
				&& !Arrays.equals(body, combine(new Node[][] { x, y }, new RunConcatenation(first, second, cycle, depth, Wrapping.Constants.APART)))) {
			jumps.note();
		}
		return body;
	}
}
