// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Combiner.combine;
import static org.looptrace.merge.fold.internal.Recognizer.recognize;
import static org.looptrace.merge.fold.internal.Terms.range;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;

/** Copies of a block as one block over a new loop by their values ({@link ValueFit}). */
final class ValueFits extends RangedCombiner {
	private final int depth;
	/** Moduli a residue over the new index may have besides the number of copies. */
	private final Set<Long> moduli;
	private final FitAnswers answers;

	ValueFits(List<long @Nullable []> enclosing, Set<Long> moduli, FitAnswers answers) {
		super(enclosing);
		this.depth = enclosing.size();
		this.moduli = moduli;
		this.answers = answers;
	}

	@Override
	public @Nullable DepthExpr number(DepthExpr[] column) {
		return answers.fit(column, depth, ranges, moduli);
	}

	@Override
	public @Nullable DepthExpr bound(DepthExpr[] column) {
		return answers.fit(column, depth, ranges, null);
	}

	/**
	 * The k copies (blocks of constructs at the depth of {@code ranges}, or bodies of the loops
	 * {@code around} there) fitted by values into one body over a new index at that depth, inside
	 * the loops around if any, and recognized again; null when they do not fit. {@code answers}:
	 * the folding's value fits.
	 */
	static Node @Nullable [] fittedBody(Node[][] copies, Set<Long> moduli, List<long @Nullable []> ranges,
			LoopNode @Nullable [] around, FitAnswers answers) {
		ValueFits fits = new ValueFits(ranges, moduli, answers);
		List<long @Nullable []> within = new ArrayList<>(ranges);
		within.add(new long[] { 0, copies.length - 1 });
		if (around != null) {
			fits.enter(around);
			within.add(range(around));
		}
		Node[] unified = combine(copies, fits);
		return unified == null ? null
				: recognize(List.of(unified), within.size(), RuleSet.steps(answers), within, Progress.NONE).toArray(new Node[0]);
	}
}
