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
import org.looptrace.model.Xor;
import org.looptrace.model.core.Exprs;

/**
 * Intervals of the loop indices of a nest, from the bounds of its loops (interval arithmetic, so
 * the minimum of an expression may be below its true minimum on triangular nests: callers warn,
 * they do not reject). An expression with residues or xors, whose summands interval arithmetic
 * takes as independent, is evaluated on every point of the indices' box when the box is small.
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
		if (range == null || expr == null || Exprs.isAffine(expr) || range[0] >= 0) {
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

	/**
	 * {min, max} of the expression, or null when an index has no range, the arithmetic overflows or a
	 * xor's shift can leave 0 .. 62.
	 */
	long @Nullable [] range(@Nullable Expr expr) {
		if (expr == null) {
			return null;
		}
		try {
			long[] sum = { expr.getConstant(), expr.getConstant() };
			for (Term term : expr.getTerms()) {
				if (!add(sum, term.getCoefficient(), ranges.get(term.getIndex()))) {
					return null;
				}
			}
			for (Residue residue : expr.getResidues()) {
				// the remainder lies in 0 .. modulus - 1, whatever its argument
				add(sum, residue.getCoefficient(), new long[] { 0, residue.getModulus() - 1 });
			}
			for (Xor xor : expr.getXors()) {
				if (!add(sum, xor.getCoefficient(), xorRange(xor))) {
					return null;
				}
			}
			return sum;
		} catch (ArithmeticException e) {
			return null;
		}
	}

	/** Adds {@code coefficient * range} to the interval {@code sum}; false when the range is unknown. */
	private static boolean add(long[] sum, long coefficient, long @Nullable [] range) {
		if (range == null) {
			return false;
		}
		long a = Math.multiplyExact(coefficient, range[0]);
		long b = Math.multiplyExact(coefficient, range[1]);
		sum[0] = Math.addExact(sum[0], Math.min(a, b));
		sum[1] = Math.addExact(sum[1], Math.max(a, b));
		return true;
	}

	/**
	 * {min, max} of {@code xor(a, M)}: a - M <= a xor M <= a + M for M >= 0, and a xor M has no bit
	 * above the highest of a and M when a >= 0.
	 */
	private long @Nullable [] xorRange(Xor xor) {
		long @Nullable [] argument = range(xor.getArgument());
		long @Nullable [] shift = range(xor.getShift());
		if (argument == null || shift == null || shift[0] < 0 || shift[1] > Long.numberOfLeadingZeros(xor.getMask()) - 1) {
			return null;
		}
		long largestMask = xor.getMask() << shift[1];
		long min = Math.subtractExact(argument[0], largestMask);
		long max = Math.addExact(argument[1], largestMask);
		if (argument[0] >= 0) {
			min = Math.max(0, min);
			max = Math.min(max, -1L >>> Long.numberOfLeadingZeros(argument[1] | largestMask));
		}
		return new long[] { min, max };
	}
}
