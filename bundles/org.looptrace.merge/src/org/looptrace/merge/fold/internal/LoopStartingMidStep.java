// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Recognizer.MAX_BODY;
import static org.looptrace.merge.fold.internal.RunsAcrossWrapAround.join;
import static org.looptrace.merge.fold.internal.Terms.advanced;
import static org.looptrace.merge.fold.internal.Terms.count;
import static org.looptrace.merge.fold.internal.Terms.instantiate;
import static org.looptrace.merge.fold.internal.Terms.sameSkeletons;

import java.util.ArrayList;
import java.util.List;

import org.looptrace.model.core.RankSet;

/**
 * The rule that rotates a loop starting in the middle of the step it repeats: the end of a step,
 * the loop, the start of a step become one loop over the whole steps.
 */
final class LoopStartingMidStep {

	private LoopStartingMidStep() {
	}

	/**
	 * Whether the top of the stack is a loop between the end of its body at the iteration before
	 * its first and the start of its body at the iteration after its last (a loop that starts in
	 * the middle of the step it repeats), then replaced by the loop rotated to the step's start,
	 * the two pieces joined to it as {@link RunsAcrossWrapAround} does.
	 */
	static boolean rewrite(TermStack stack, int depth, RuleSet rules) {
		int size = stack.size();
		for (int q = 1; q <= MAX_BODY && q + 2 <= size; q++) {
			int length = stack.countedBody(size - q - 1);
			if (length <= q || length - q > size - q - 1 || !(stack.get(size - q - 1) instanceof LoopNode loop)
					|| loop.body[q - 1].skeleton != stack.skeleton(size - 1)) {
				continue;
			}
			int p = length - q;
			List<Node> before = stack.subList(size - q - 1 - p, size - q - 1);
			List<Node> after = stack.subList(size - q, size);
			List<Node> prefix = List.of(loop.body).subList(0, q);
			List<Node> suffix = List.of(loop.body).subList(q, loop.body.length);
			if (!sameSkeletons(before, suffix) || !sameSkeletons(after, prefix)) {
				continue;
			}
			long count = count(loop);
			// The rotated loop runs count - 1 times: the end of one step, then the start of the next.
			List<Node> rotated = new ArrayList<>(suffix);
			List<Node> head = new ArrayList<>(before);
			for (Node item : prefix) {
				rotated.add(advanced(item, depth, 1));
				head.add(instantiate(item, depth, 0));
			}
			List<Node> tail = new ArrayList<>();
			for (Node item : suffix) {
				tail.add(instantiate(item, depth, count - 1));
			}
			tail.addAll(after);
			Node[] body = join(head, Run.singleCopy(), rotated, Run.loopBody(count - 1), count + 1, depth, rules);
			body = body == null ? null : join(List.of(body), Run.loopBody(count), tail, Run.singleCopy(), count + 1, depth, rules);
			if (body != null) {
				stack.subList(size - q - 1 - p, size).clear();
				stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(count), body, RankSet.EMPTY));
				return true;
			}
		}
		return false;
	}
}
