// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.validation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.Residue;
import org.looptrace.model.Term;

/**
 * Intervals of the loop indices of a nest, from the bounds of its loops (interval arithmetic, so
 * the minimum of an expression may be below its true minimum on triangular nests: callers warn,
 * they do not reject).
 */
@NonNullByDefault
final class IndexRanges {

	/** Absent for indices without a known range (get answers null). */
	private final Map<String, long @Nullable []> ranges = new HashMap<>();

	private IndexRanges() {
	}

	/** The ranges of the indices of the loops, outermost first; loops that never run are left out. */
	static IndexRanges of(List<Loop> loops) {
		IndexRanges ranges = new IndexRanges();
		for (Loop loop : loops) {
			long @Nullable [] lower = ranges.range(loop.getLower());
			long @Nullable [] upper = ranges.range(loop.getUpper());
			if (lower != null && upper != null && lower[0] <= upper[1]) {
				ranges.ranges.put(loop.getIndex(), new long[] { lower[0], upper[1] });
			}
		}
		return ranges;
	}

	/** The least value the expression can take, or null when unknown. */
	@Nullable Long minimum(@Nullable Expr expr) {
		long @Nullable [] range = range(expr);
		return range == null ? null : range[0];
	}

	/** {min, max} of the expression, or null when an index has no range or the arithmetic overflows. */
	private long @Nullable [] range(@Nullable Expr expr) {
		if (expr == null) {
			return null;
		}
		try {
			long min = expr.getConstant();
			long max = expr.getConstant();
			for (Term term : expr.getTerms()) {
				long @Nullable [] index = ranges.get(term.getIndex());
				if (index == null) {
					return null;
				}
				long a = Math.multiplyExact(term.getCoefficient(), index[0]);
				long b = Math.multiplyExact(term.getCoefficient(), index[1]);
				min = Math.addExact(min, Math.min(a, b));
				max = Math.addExact(max, Math.max(a, b));
			}
			for (Residue residue : expr.getResidues()) {
				// the remainder lies in 0 .. modulus - 1, whatever its argument
				long a = Math.multiplyExact(residue.getCoefficient(), residue.getModulus() - 1);
				min = Math.addExact(min, Math.min(0, a));
				max = Math.addExact(max, Math.max(0, a));
			}
			return new long[] { min, max };
		} catch (ArithmeticException e) {
			return null;
		}
	}
}
