// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.util.List;

import org.looptrace.scanner.Polynomial;

/**
 * A {@link Polynomial} compiled for fast evaluation in 64-bit arithmetic: each variable is a slot of
 * an array of loop index values. Overflow throws {@link ArithmeticException}. The positions of most
 * models are constant or linear with integer coefficients; those take a loop without nesting or
 * division, as a scan evaluates two polynomials per record it reads (the profile of
 * {@code bench scan} showed the general evaluation as its hot spot).
 */
public final class LongPolynomial {

	private final long[] coefficients;
	/** Per term, the slots of its variables, one entry per unit of exponent. */
	private final int[][] factors;
	private final long denominator;
	/** Whether the polynomial is of degree at most 1 with denominator 1: then {@link #linear} evaluates it. */
	private final boolean isLinear;
	private final long constant;
	private final long[] linearCoefficients;
	private final int[] linearSlots;

	private LongPolynomial(long[] coefficients, int[][] factors, long denominator) {
		this.coefficients = coefficients;
		this.factors = factors;
		this.denominator = denominator;
		boolean linear = denominator == 1;
		long constantTerm = 0;
		int variables = 0;
		for (int t = 0; t < factors.length && linear; t++) {
			linear = factors[t].length <= 1;
			if (factors[t].length == 0) {
				constantTerm = Math.addExact(constantTerm, coefficients[t]);
			} else {
				variables++;
			}
		}
		this.isLinear = linear;
		this.constant = constantTerm;
		this.linearCoefficients = new long[linear ? variables : 0];
		this.linearSlots = new int[linearCoefficients.length];
		for (int t = 0, k = 0; t < factors.length && linear; t++) {
			if (factors[t].length == 1) {
				linearCoefficients[k] = coefficients[t];
				linearSlots[k++] = factors[t][0];
			}
		}
	}

	/** Compiles a polynomial whose variables are named in {@code slots} (the innermost binding wins). */
	public static LongPolynomial of(Polynomial polynomial, List<String> slots) {
		List<Polynomial.Term> terms = polynomial.terms();
		long[] coefficients = new long[terms.size()];
		int[][] factors = new int[terms.size()][];
		for (int t = 0; t < terms.size(); t++) {
			Polynomial.Term term = terms.get(t);
			coefficients[t] = term.coefficient().longValueExact();
			factors[t] = term.powers().entrySet().stream()
					.flatMapToInt(power -> java.util.stream.IntStream.generate(() -> slot(slots, power.getKey())).limit(power.getValue()))
					.toArray();
		}
		return new LongPolynomial(coefficients, factors, polynomial.denominator().longValueExact());
	}

	private static int slot(List<String> slots, String variable) {
		int slot = slots.lastIndexOf(variable);
		if (slot < 0) {
			throw new IllegalStateException("no enclosing loop binds " + variable);
		}
		return slot;
	}

	public long evaluate(long[] values) {
		if (isLinear) { // constants and one-variable positions inline here; the loops stay out of the caller
			return switch (linearSlots.length) {
			case 0 -> constant;
			case 1 -> Math.addExact(constant, Math.multiplyExact(linearCoefficients[0], values[linearSlots[0]]));
			default -> linear(values);
			};
		}
		return general(values);
	}

	private long linear(long[] values) {
		long sum = constant;
		for (int k = 0; k < linearSlots.length; k++) {
			sum = Math.addExact(sum, Math.multiplyExact(linearCoefficients[k], values[linearSlots[k]]));
		}
		return sum;
	}

	private long general(long[] values) {
		long sum = 0;
		for (int t = 0; t < coefficients.length; t++) {
			long product = coefficients[t];
			for (int slot : factors[t]) {
				product = Math.multiplyExact(product, values[slot]);
			}
			sum = Math.addExact(sum, product);
		}
		return denominator == 1 ? sum : sum / denominator;
	}
}
