// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.size;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Runs of loops of two iterations, unrolled and fitted again by values once the loops around them
 * are folded. Recognized rank by rank, the copies of a step whose numbers step unevenly on one rank
 * (NPB BT's stages: tags 3000, 3007, 3010 on rank 0) fold only two by two; over the ranks, the same
 * numbers are one expression of the rank and the stage, and three copies fit: stages paired as
 * (0, 1) (2, 3) (4, 5) become (0, 1, 2) (3, 4, 5).
 */
final class PairsRefolded {

	/**
	 * The longest stretch of copies fitted as one loop, and the longest run of pairs refitted: the
	 * stretches of a run are tried two by two, so both bound the fits a model can ask for (BT's
	 * stretches are 3 and 6 copies long, its runs 9 pairs).
	 */
	private static final int MAX_STRETCH = 16;
	private static final int MAX_RUN = 64;

	private PairsRefolded() {
	}

	/**
	 * The constructs with every run of two or more loops of two iterations refitted where smaller,
	 * inside loops too; {@code fit} fits copies of a block as a loop ({@link ValueFitPass#copiesFitted})
	 * within the ranges of the enclosing loops.
	 */
	static List<Node> refolded(List<Node> items, List<long @Nullable []> ranges,
			BiFunction<List<Node>, List<long @Nullable []>, List<Node>> fit) {
		List<Node> result = new ArrayList<>(items.size());
		for (int i = 0; i < items.size();) {
			int end = i;
			while (end < items.size() && isPair(items.get(end))) {
				end++;
			}
			if (end - i >= 2 && end - i <= MAX_RUN) {
				result.addAll(smallest(items.subList(i, end), ranges, fit));
			} else {
				// not a run, or one too long to refit: each construct as it is, its body refitted
				for (Node item : items.subList(i, Math.max(end, i + 1))) {
					result.add(item instanceof LoopNode loop ? withBodyRefolded(loop, ranges, fit) : item);
				}
			}
			i = Math.max(end, i + 1);
		}
		return result;
	}

	private static LoopNode withBodyRefolded(LoopNode loop, List<long @Nullable []> ranges,
			BiFunction<List<Node>, List<long @Nullable []>, List<Node>> fit) {
		List<long @Nullable []> within = new ArrayList<>(ranges);
		within.add(Terms.range(loop));
		List<Node> body = refolded(List.of(loop.body), within, fit);
		return new LoopNode(loop.lower, loop.upper, body.toArray(new Node[0]), loop.ranks);
	}

	private static boolean isPair(Node node) {
		return node instanceof LoopNode loop && loop.lower.equals(DepthExpr.ZERO) && loop.upper.isConstant()
				&& loop.upper.constantTerm() == 1;
	}

	/** The loop with its body fitted too, when that is smaller: copies of copies (the stages of each direction). */
	private static LoopNode withBodyFitted(LoopNode loop, List<long @Nullable []> ranges,
			BiFunction<List<Node>, List<long @Nullable []>, List<Node>> fit) {
		List<long @Nullable []> within = new ArrayList<>(ranges);
		within.add(Terms.range(loop));
		List<Node> body = fit.apply(List.of(loop.body), within);
		return size(body) < loop.body.length ? new LoopNode(loop.lower, loop.upper, body.toArray(new Node[0]), loop.ranks) : loop;
	}

	/**
	 * The run as it is, or its copies fitted again as stretches of copies that each fit as one loop,
	 * the smallest such refitting, when that is smaller.
	 */
	private static List<Node> smallest(List<Node> run, List<long @Nullable []> ranges,
			BiFunction<List<Node>, List<long @Nullable []>, List<Node>> fit) {
		int depth = ranges.size();
		List<List<Node>> copies = new ArrayList<>();
		for (Node pair : run) {
			for (long n = 0; n <= 1; n++) {
				List<Node> copy = new ArrayList<>();
				for (Node item : ((LoopNode) pair).body) {
					copy.add(Terms.instantiate(item, depth, n));
				}
				copies.add(copy);
			}
		}
		// The smallest refitting of the copies from each one on, the last first: stretches fitted as
		// one loop each, or copies left as they are.
		List<List<Node>> from = new ArrayList<>();
		for (int k = 0; k <= copies.size(); k++) {
			from.add(List.of());
		}
		for (int first = copies.size() - 1; first >= 0; first--) {
			List<Node> best = new ArrayList<>(copies.get(first));
			best.addAll(from.get(first + 1));
			List<Node> stretch = new ArrayList<>(copies.get(first));
			for (int last = first + 1; last < Math.min(copies.size(), first + MAX_STRETCH); last++) {
				stretch.addAll(copies.get(last));
				// Fitted, the stretch is one loop no smaller than leastLoopSize: when that cannot beat
				// the best at hand, the fit (the costly part) is not asked.
				if (ValueFitPass.leastLoopSize(stretch) + size(from.get(last + 1)) >= size(best)) {
					continue;
				}
				List<Node> fitted = fit.apply(List.copyOf(stretch), ranges);
				if (fitted.size() == 1 && fitted.get(0) instanceof LoopNode loop) {
					List<Node> candidate = new ArrayList<>(List.of(withBodyFitted(loop, ranges, fit)));
					candidate.addAll(from.get(last + 1));
					if (size(candidate) < size(best)) {
						best = candidate;
					}
				}
			}
			from.set(first, best);
		}
		List<Node> refitted = from.get(0);
		return size(refitted) < size(run) ? refitted : run;
	}
}
