// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.Arrays;
import java.util.Map;

/**
 * An immutable affine expression {@code constant + sum coefficient * var} over loop indices
 * known by identity ({@link LoopVariable}). Only the words of local events keep such expressions through
 * the merge: every field that decides a channel is made constant when local models are read.
 */
public final class AffineExpression implements LocalWord {

	final long constant;
	final LoopVariable[] vars;
	final long[] coefficients;

	private AffineExpression(long constant, LoopVariable[] vars, long[] coefficients) {
		this.constant = constant;
		this.vars = vars;
		this.coefficients = coefficients;
	}

	public static AffineExpression of(long constant) {
		return new AffineExpression(constant, new LoopVariable[0], new long[0]);
	}

	/** {@code coefficient * var + constant}. */
	public static AffineExpression of(LoopVariable var, long coefficient, long constant) {
		return coefficient == 0 ? of(constant) : new AffineExpression(constant, new LoopVariable[] { var }, new long[] { coefficient });
	}

	public boolean isConstant() {
		return vars.length == 0;
	}

	public long constant() {
		return constant;
	}

	public AffineExpression plus(AffineExpression other) {
		return plusTimes(other, 1);
	}

	/** {@code this + factor * other}, keeping one term per variable and no zero term. */
	public AffineExpression plusTimes(AffineExpression other, long factor) {
		LoopVariable[] v = Arrays.copyOf(vars, vars.length + other.vars.length);
		long[] c = Arrays.copyOf(coefficients, coefficients.length + other.coefficients.length);
		int size = vars.length;
		for (int j = 0; j < other.vars.length; j++) {
			long add = Math.multiplyExact(factor, other.coefficients[j]);
			int at = indexOf(v, size, other.vars[j]);
			if (at >= 0) {
				c[at] = Math.addExact(c[at], add);
			} else {
				v[size] = other.vars[j];
				c[size++] = add;
			}
		}
		int kept = 0;
		for (int j = 0; j < size; j++) {
			if (c[j] != 0) {
				v[kept] = v[j];
				c[kept++] = c[j];
			}
		}
		return new AffineExpression(Math.addExact(constant, Math.multiplyExact(factor, other.constant)), Arrays.copyOf(v, kept),
				Arrays.copyOf(c, kept));
	}

	private static int indexOf(LoopVariable[] vars, int size, LoopVariable var) {
		for (int i = 0; i < size; i++) {
			if (vars[i] == var) {
				return i;
			}
		}
		return -1;
	}

	/** Replaces the variables the substitution maps (simultaneously); this when none occurs. */
	public AffineExpression substitute(Map<LoopVariable, AffineExpression> substitution) {
		AffineExpression result = null;
		for (int j = 0; j < vars.length; j++) {
			AffineExpression image = substitution.get(vars[j]);
			if (image != null) {
				if (result == null) {
					result = this;
				}
				result = result.plusTimes(of(vars[j], coefficients[j], 0), -1).plusTimes(image, coefficients[j]);
			}
		}
		return result == null ? this : result;
	}
}
