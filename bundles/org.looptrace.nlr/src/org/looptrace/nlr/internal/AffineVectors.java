// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr.internal;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Affine values as {@code long[]} vectors: {@code v[0]} is the constant, {@code v[j]} (j ≥ 1) the
 * coefficient of the j-th enclosing loop counted from the innermost one outwards. Counting inwards
 * from the value keeps a term's vectors unchanged when it is wrapped in a new outer loop, so a term
 * that does not depend on a loop is the very same (interned) object inside and outside it. Vectors
 * are trimmed: no trailing zero coefficient, length at least 1.
 */
final class AffineVectors {

	private static final long[] ZERO = { 0 };

	private AffineVectors() {
	}

	static long[] constant(long value) {
		return value == 0 ? ZERO : new long[] { value };
	}

	static long get(long[] v, int position) {
		return position < v.length ? v[position] : 0;
	}

	/** The vector without trailing zero coefficients. */
	static long[] trim(long[] v) {
		int length = v.length;
		while (length > 1 && v[length - 1] == 0) {
			length--;
		}
		return length == v.length ? v : Arrays.copyOf(v, length);
	}

	/** Hash of the coefficients only: values that unify (differ by their constants) share it. */
	static int skeleton(long[] v) {
		int hash = v.length;
		for (int j = 1; j < v.length; j++) {
			hash = 31 * hash + Long.hashCode(v[j]);
		}
		return hash;
	}

	/**
	 * Unifies the vectors of three consecutive copies of a value at {@code level} (loops enclosing it
	 * inside the copies): the coefficients must be equal and the constants an arithmetic sequence,
	 * which becomes the coefficient of the new loop at position {@code level + 1}. Null when they do
	 * not unify.
	 */
	static long @Nullable [] unify(long[] a, long[] b, long[] c, int level, boolean affine) {
		int length = Math.max(a.length, Math.max(b.length, c.length));
		if (length > level + 1) {
			throw new IllegalStateException("open vector at level " + level);
		}
		for (int j = 1; j < length; j++) {
			long coefficient = get(a, j);
			if (get(b, j) != coefficient || get(c, j) != coefficient) {
				return null;
			}
		}
		long step;
		try {
			step = Math.subtractExact(b[0], a[0]);
			if (Math.subtractExact(c[0], b[0]) != step) {
				return null;
			}
			// step * 2, the product for the third value, must fit too (matches checks the later
			// ones), so that the model's expressions evaluate within 64 bits.
			Math.multiplyExact(step, 2);
		} catch (ArithmeticException overflow) {
			return null;
		}
		if (step != 0 && !affine) {
			return null;
		}
		long[] result = Arrays.copyOf(a, level + 2);
		result[level + 1] = step;
		return trim(result);
	}

	/**
	 * Whether {@code open} (a value of a loop body, the loop at position {@code level + 1}) evaluated
	 * at iteration {@code n} of that loop is the closed vector {@code closed}.
	 */
	static boolean matches(long[] open, long[] closed, int level, long n) {
		if (closed.length > level + 1 || open.length > level + 2) {
			return false;
		}
		for (int j = 1; j <= level; j++) {
			if (get(open, j) != get(closed, j)) {
				return false;
			}
		}
		try {
			return Math.addExact(open[0], Math.multiplyExact(get(open, level + 1), n)) == closed[0];
		} catch (ArithmeticException overflow) {
			return false;
		}
	}
}
