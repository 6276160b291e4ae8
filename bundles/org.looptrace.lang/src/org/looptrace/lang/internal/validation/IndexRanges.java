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
import org.looptrace.model.core.Exprs;

/**
 * Intervals of the loop indices of a nest, from the bounds of its loops (interval arithmetic, so
 * the minimum of an expression may be below its true minimum on triangular nests: callers warn,
 * they do not reject). An expression with residues, whose summands interval arithmetic takes as
 * independent, is evaluated on every point of the indices' box when the box is small.
 */
@NonNullByDefault
final class IndexRanges {

	/** The most points of a box of indices evaluated one by one. */
	private static final long BOX = 4096;

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
		if (range == null || expr == null || expr.getResidues().isEmpty() || range[0] >= 0) {
			return range == null ? null : range[0];
		}
		// 1+2*i-mod(1+i,4) for i in 0..3 is never negative, though 1 + 0 - 3 is
		@Nullable Long exact = minimumOnTheBox(expr);
		return exact != null ? exact : range[0];
	}

	/** The least value on the box of the ranges of the indices the expression reads, or null if too many points. */
	private @Nullable Long minimumOnTheBox(Expr expr) {
		List<String> indices = List.copyOf(Exprs.indices(expr));
		long[][] box = new long[indices.size()][];
		long[] values = new long[indices.size()];
		long points = 1;
		for (int i = 0; i < box.length; i++) {
			box[i] = ranges.get(indices.get(i));
			if (box[i] == null || box[i][1] - box[i][0] >= BOX || (points *= box[i][1] - box[i][0] + 1) > BOX) {
				return null;
			}
			values[i] = box[i][0];
		}
		long minimum = Long.MAX_VALUE;
		try {
			for (long point = 0; point < points; point++) {
				minimum = Math.min(minimum, Exprs.evaluate(expr, index -> values[indices.indexOf(index)]));
				for (int i = 0; i < values.length; i++) { // the next point, first index fastest
					if (values[i] < box[i][1]) {
						values[i]++;
						break;
					}
					values[i] = box[i][0];
				}
			}
		} catch (ArithmeticException e) {
			return null;
		}
		return minimum;
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
