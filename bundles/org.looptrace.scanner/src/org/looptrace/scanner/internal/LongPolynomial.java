// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.util.List;

import org.looptrace.scanner.Polynomial;

/**
 * A {@link Polynomial} compiled for fast evaluation in 64-bit arithmetic: each variable is a slot of
 * an array of loop index values. Overflow throws {@link ArithmeticException}.
 */
final class LongPolynomial {

	private final long[] coefficients;
	/** Per term, the slots of its variables, one entry per unit of exponent. */
	private final int[][] factors;
	private final long denominator;

	private LongPolynomial(long[] coefficients, int[][] factors, long denominator) {
		this.coefficients = coefficients;
		this.factors = factors;
		this.denominator = denominator;
	}

	/** Compiles a polynomial whose variables are named in {@code slots} (the innermost binding wins). */
	static LongPolynomial of(Polynomial polynomial, List<String> slots) {
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

	long evaluate(long[] values) {
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
