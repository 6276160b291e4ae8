// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.looptrace.model.Expr;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Symbol;
import org.looptrace.model.Term;
import org.looptrace.model.Value;

/**
 * Affine expressions {@code constant + sum coefficient * index}: building them in canonical form,
 * evaluating them and printing them. Canonical form: no zero coefficient, one term per index,
 * terms ordered from the outermost loop inwards (the order of {@code scope}).
 */
public final class Exprs {

	private Exprs() {
	}

	public static Expr constant(long value) {
		Expr expr = LooptraceFactory.eINSTANCE.createExpr();
		expr.setConstant(value);
		return expr;
	}

	/** {@code constant + coefficient * index}, or a constant when the coefficient is 0. */
	public static Expr affine(long constant, long coefficient, String index) {
		Expr expr = constant(constant);
		if (coefficient != 0) {
			expr.getTerms().add(term(coefficient, index));
		}
		return expr;
	}

	public static Term term(long coefficient, String index) {
		Term term = LooptraceFactory.eINSTANCE.createTerm();
		term.setCoefficient(coefficient);
		term.setIndex(index);
		return term;
	}

	public static Symbol symbol(String name) {
		Symbol symbol = LooptraceFactory.eINSTANCE.createSymbol();
		symbol.setName(name);
		return symbol;
	}

	/**
	 * Builds the canonical expression of {@code constant + sum coefficients[i] * indices[i]}: terms of
	 * the same index are summed, zero terms dropped, the rest ordered as in {@code scope} (outermost
	 * first); indices not in scope come last, by name.
	 */
	public static Expr canonical(long constant, Map<String, Long> coefficients, List<String> scope) {
		Expr expr = constant(constant);
		Map<String, Long> rest = new TreeMap<>(coefficients);
		for (String index : scope) {
			Long coefficient = rest.remove(index);
			if (coefficient != null && coefficient != 0) {
				expr.getTerms().add(term(coefficient, index));
			}
		}
		rest.forEach((index, coefficient) -> {
			if (coefficient != 0) {
				expr.getTerms().add(term(coefficient, index));
			}
		});
		return expr;
	}

	public static boolean isConstant(Expr expr) {
		return expr.getTerms().isEmpty();
	}

	/**
	 * Evaluates the expression.
	 *
	 * @throws IllegalStateException when an index is not bound by the environment
	 */
	public static long evaluate(Expr expr, IndexEnvironment environment) {
		long value = expr.getConstant();
		try {
			for (Term term : expr.getTerms()) {
				value = Math.addExact(value, Math.multiplyExact(term.getCoefficient(), environment.valueOf(term.getIndex())));
			}
			return value;
		} catch (ArithmeticException overflow) {
			// A product or partial sum left the range of a long: the value may still be one.
			return evaluateExactly(expr, environment);
		}
	}

	private static long evaluateExactly(Expr expr, IndexEnvironment environment) {
		BigInteger value = BigInteger.valueOf(expr.getConstant());
		for (Term term : expr.getTerms()) {
			value = value.add(BigInteger.valueOf(term.getCoefficient()).multiply(BigInteger.valueOf(environment.valueOf(term.getIndex()))));
		}
		try {
			return value.longValueExact();
		} catch (ArithmeticException e) {
			throw new ArithmeticException(toText(expr) + " evaluates to " + value + ", out of the range of a 64-bit number");
		}
	}

	/** The text a field evaluates to in a trace line: a symbol's name or the number. */
	public static String evaluateToText(Value value, IndexEnvironment environment) {
		if (value instanceof Symbol symbol) {
			return symbol.getName();
		}
		return Long.toString(evaluate((Expr) value, environment));
	}

	/** Canonical text, e.g. {@code 1+i0}, {@code -i1}, {@code 5-2*i0+i1}, {@code 0}. */
	public static String toText(Expr expr) {
		StringBuilder text = new StringBuilder();
		if (expr.getConstant() != 0 || expr.getTerms().isEmpty()) {
			text.append(expr.getConstant());
		}
		for (Term term : expr.getTerms()) {
			long coefficient = term.getCoefficient();
			if (coefficient < 0) {
				text.append('-');
			} else if (!text.isEmpty()) {
				text.append('+');
			}
			// The digits of the magnitude from the text, as Math.abs(Long.MIN_VALUE) overflows.
			String magnitude = Long.toString(coefficient).substring(coefficient < 0 ? 1 : 0);
			if (!magnitude.equals("1")) {
				text.append(magnitude).append('*');
			}
			text.append(term.getIndex());
		}
		return text.toString();
	}

	/** Values of loop indices by name; inner loops shadow outer ones. */
	@FunctionalInterface
	public interface IndexEnvironment {
		long valueOf(String index);
	}
}
