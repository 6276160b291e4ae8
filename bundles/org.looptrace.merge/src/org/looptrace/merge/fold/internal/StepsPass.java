// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Recognizer.recognize;
import static org.looptrace.merge.fold.internal.Terms.rangesKey;
import static org.looptrace.merge.fold.internal.Terms.size;
import static org.looptrace.merge.fold.internal.Terms.withBodies;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;

/**
 * The pass over steps, run on the top level's finalists: every loop body, then the sequence,
 * recognized again with {@link RuleSet#steps}, kept where that is smaller.
 */
final class StepsPass {

	/** What {@link #stepped} made of each loop body met, for the finalists of the top level. */
	private final Map<SteppedBody, List<Node>> steppedBodies = new ConcurrentHashMap<>();
	/** Shared by the threads that run the pass on the finalists. */
	private final Progress progress;
	private final RuleSet rules;

	StepsPass(Progress progress, FitAnswers answers) {
		this.progress = progress;
		this.rules = RuleSet.steps(answers);
	}

	/**
	 * The folding with consecutive copies that differ by constant steps made loops, in every loop
	 * body too: SP's pipelines run forth then back, mod(1+i3,4) then mod(3+i3,4), which no order
	 * of the ranks makes a cycle. {@code ranges}: {lower, upper} of the index of each enclosing loop
	 * whose bounds are constant (null otherwise), outermost first, for the residues a plain term
	 * may be written as ({@link StepUnification#unifySteppingLifted}).
	 */
	List<Node> stepped(List<Node> items, List<long @Nullable []> ranges) {
		List<Node> inner = withBodies(items, ranges, (body, within) -> {
			// The finalists share most loop bodies: each is stepped once per thread at most (two
			// threads may both step one, to the same result).
			SteppedBody key = new SteppedBody(body, rangesKey(within));
			List<Node> steppedBody = steppedBodies.get(key);
			if (steppedBody == null) {
				steppedBody = stepped(body, within);
				steppedBodies.putIfAbsent(key, steppedBody);
			}
			return steppedBody;
		});
		List<Node> folded = recognize(inner, ranges.size(), rules, ranges, progress);
		return size(folded) < size(inner) ? folded : inner;
	}

	/** A loop body within its enclosing loops' ranges: what {@link #stepped} makes of it depends on nothing else. */
	private record SteppedBody(List<Node> body, List<List<Long>> ranges) {
	}
}
