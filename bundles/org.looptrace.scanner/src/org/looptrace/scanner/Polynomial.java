// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A polynomial in loop indices with rational coefficients, kept exactly (BigInteger): positions of
 * constructs are such polynomials, of degree above 1 under triangular loops (e.g. {@code (i0+i0^2)/2}),
 * and always integers at the integer points where they are used. Immutable. The polynomial is kept
 * as integer numerators over one common positive denominator, reduced.
 *
 * <p>
 * Variables have an order, the order of the loops that bind them (outermost first): terms print
 * by degree, then outer variables first, so {@code 991+644*i0} reads as in the paper's figure 8.
 */
public final class Polynomial {

	/** The polynomial 0. */
	public static final Polynomial ZERO = new Polynomial(List.of(), Map.of(), BigInteger.ONE);
	/** The polynomial 1. */
	public static final Polynomial ONE = constant(1);

	/** The variables in print order; a superset of those with a non-zero exponent. */
	private final List<String> order;
	/** Monomial (variable to exponent, exponents positive, empty for the constant) to numerator, none zero. */
	private final Map<SortedMap<String, Integer>, BigInteger> numerators;
	private final BigInteger denominator;

	private Polynomial(List<String> order, Map<SortedMap<String, Integer>, BigInteger> numerators, BigInteger denominator) {
		this.order = order;
		this.numerators = numerators;
		this.denominator = denominator;
	}

	/** Reduces the fraction and drops zero terms. */
	private static Polynomial reduced(List<String> order, Map<SortedMap<String, Integer>, BigInteger> numerators,
			BigInteger denominator) {
		Map<SortedMap<String, Integer>, BigInteger> kept = new HashMap<>();
		BigInteger gcd = denominator;
		for (Map.Entry<SortedMap<String, Integer>, BigInteger> term : numerators.entrySet()) {
			if (term.getValue().signum() != 0) {
				kept.put(term.getKey(), term.getValue());
				gcd = gcd.gcd(term.getValue());
			}
		}
		if (kept.isEmpty()) {
			return new Polynomial(order, Map.of(), BigInteger.ONE);
		}
		if (denominator.signum() < 0) {
			gcd = gcd.negate();
		}
		if (!gcd.equals(BigInteger.ONE)) {
			for (Map.Entry<SortedMap<String, Integer>, BigInteger> term : kept.entrySet()) {
				term.setValue(term.getValue().divide(gcd));
			}
		}
		return new Polynomial(order, Collections.unmodifiableMap(kept), denominator.divide(gcd));
	}

	public static Polynomial constant(long value) {
		return constant(BigInteger.valueOf(value));
	}

	public static Polynomial constant(BigInteger value) {
		return reduced(List.of(), Map.of(monomial(Map.of()), value), BigInteger.ONE);
	}

	/** The polynomial {@code variable}. */
	public static Polynomial variable(String variable) {
		return new Polynomial(List.of(variable), Map.of(monomial(Map.of(variable, 1)), BigInteger.ONE), BigInteger.ONE);
	}

	private static SortedMap<String, Integer> monomial(Map<String, Integer> powers) {
		return Collections.unmodifiableSortedMap(new TreeMap<>(powers));
	}

	/** The print order of two polynomials' variables together: this one's, then the other's new ones. */
	private static List<String> merge(List<String> first, List<String> second) {
		if (second.isEmpty() || first.equals(second)) {
			return first;
		}
		if (first.isEmpty()) {
			return second;
		}
		LinkedHashSet<String> merged = new LinkedHashSet<>(first);
		merged.addAll(second);
		return List.copyOf(merged);
	}

	public Polynomial plus(Polynomial other) {
		if (other.isZero()) {
			return this;
		}
		if (isZero()) {
			return new Polynomial(merge(order, other.order), other.numerators, other.denominator);
		}
		BigInteger common = lcm(denominator, other.denominator);
		BigInteger mine = common.divide(denominator);
		BigInteger theirs = common.divide(other.denominator);
		Map<SortedMap<String, Integer>, BigInteger> sum = new HashMap<>();
		numerators.forEach((monomial, numerator) -> sum.merge(monomial, numerator.multiply(mine), BigInteger::add));
		other.numerators.forEach((monomial, numerator) -> sum.merge(monomial, numerator.multiply(theirs), BigInteger::add));
		return reduced(merge(order, other.order), sum, common);
	}

	public Polynomial minus(Polynomial other) {
		return plus(other.negate());
	}

	public Polynomial negate() {
		Map<SortedMap<String, Integer>, BigInteger> negated = new HashMap<>();
		numerators.forEach((monomial, numerator) -> negated.put(monomial, numerator.negate()));
		return new Polynomial(order, Collections.unmodifiableMap(negated), denominator);
	}

	public Polynomial times(Polynomial other) {
		Map<SortedMap<String, Integer>, BigInteger> product = new HashMap<>();
		for (Map.Entry<SortedMap<String, Integer>, BigInteger> left : numerators.entrySet()) {
			for (Map.Entry<SortedMap<String, Integer>, BigInteger> right : other.numerators.entrySet()) {
				TreeMap<String, Integer> powers = new TreeMap<>(left.getKey());
				right.getKey().forEach((variable, exponent) -> powers.merge(variable, exponent, Integer::sum));
				product.merge(monomial(powers), left.getValue().multiply(right.getValue()), BigInteger::add);
			}
		}
		return reduced(merge(order, other.order), product, denominator.multiply(other.denominator));
	}

	public Polynomial times(long factor) {
		return times(constant(factor));
	}

	/** This polynomial divided by a non-zero integer. */
	public Polynomial dividedBy(BigInteger divisor) {
		return reduced(order, new HashMap<>(numerators), denominator.multiply(divisor));
	}

	/** This polynomial with {@code variable} replaced by {@code value}. */
	public Polynomial substitute(String variable, Polynomial value) {
		Polynomial result = new Polynomial(merge(order, value.order), Map.of(), BigInteger.ONE);
		List<Polynomial> powers = new ArrayList<>(List.of(ONE));
		for (Map.Entry<SortedMap<String, Integer>, BigInteger> term : numerators.entrySet()) {
			int exponent = term.getKey().getOrDefault(variable, 0);
			TreeMap<String, Integer> rest = new TreeMap<>(term.getKey());
			rest.remove(variable);
			while (powers.size() <= exponent) {
				powers.add(powers.get(powers.size() - 1).times(value));
			}
			Polynomial restTerm = new Polynomial(order, Map.of(monomial(rest), term.getValue()), denominator);
			result = result.plus(restTerm.times(powers.get(exponent)));
		}
		return result;
	}

	/**
	 * {@code sum for variable = from to to} of this polynomial, for {@code to >= from - 1} (the empty
	 * sum when {@code to = from - 1}); {@code from} and {@code to} may hold other variables.
	 */
	public Polynomial sum(String variable, Polynomial from, Polynomial to) {
		Polynomial antidifference = antidifference(variable);
		return antidifference.substitute(variable, to.plus(ONE)).minus(antidifference.substitute(variable, from));
	}

	/**
	 * The polynomial {@code F} with {@code F(0) = 0} and {@code F(x+1) - F(x) = P(x)} in
	 * {@code variable}: {@code F(b) - F(a)} is the sum of {@code P(x)} for {@code x} from {@code a}
	 * to {@code b - 1}, for all integers {@code a <= b}.
	 */
	public Polynomial antidifference(String variable) {
		Polynomial result = new Polynomial(merge(order, List.of(variable)), Map.of(), BigInteger.ONE);
		for (Map.Entry<SortedMap<String, Integer>, BigInteger> term : numerators.entrySet()) {
			int exponent = term.getKey().getOrDefault(variable, 0);
			TreeMap<String, Integer> rest = new TreeMap<>(term.getKey());
			rest.remove(variable);
			Polynomial restTerm = new Polynomial(order, Map.of(monomial(rest), term.getValue()), denominator);
			result = result.plus(restTerm.times(PowerSums.of(exponent).substitute(PowerSums.VARIABLE, variable(variable))));
		}
		return result;
	}

	/** Sums of powers {@code 0^d + 1^d + ... + (n-1)^d} as polynomials in n (Faulhaber), through Stirling numbers. */
	private static final class PowerSums {
		/** Not a loop index: indices are identifiers. */
		static final String VARIABLE = "#n";
		private static final List<Polynomial> SUMS = new ArrayList<>();

		static synchronized Polynomial of(int degree) {
			while (SUMS.size() <= degree) {
				SUMS.add(compute(SUMS.size()));
			}
			return SUMS.get(degree);
		}

		/** n^d = sum_k S(d,k) n(n-1)...(n-k+1), and the sum of x(x-1)...(x-k+1) for x < n is n(n-1)...(n-k)/(k+1). */
		private static Polynomial compute(int degree) {
			BigInteger[] stirling = stirlingRow(degree);
			Polynomial n = variable(VARIABLE);
			Polynomial falling = n;
			Polynomial sum = ZERO;
			for (int k = 0; k <= degree; k++) {
				if (k > 0) {
					falling = falling.times(n.minus(constant(k)));
				}
				if (stirling[k].signum() != 0) {
					sum = sum.plus(falling.times(constant(stirling[k])).dividedBy(BigInteger.valueOf(k + 1)));
				}
			}
			return sum;
		}

		/** Stirling numbers of the second kind S(degree, k), k = 0..degree. */
		private static BigInteger[] stirlingRow(int degree) {
			BigInteger[] row = { BigInteger.ONE };
			for (int d = 1; d <= degree; d++) {
				BigInteger[] next = new BigInteger[d + 1];
				for (int k = 0; k <= d; k++) {
					BigInteger same = k < row.length ? row[k].multiply(BigInteger.valueOf(k)) : BigInteger.ZERO;
					BigInteger lower = k > 0 && k - 1 < row.length ? row[k - 1] : BigInteger.ZERO;
					next[k] = same.add(lower);
				}
				row = next;
			}
			return row;
		}
	}

	private static BigInteger lcm(BigInteger a, BigInteger b) {
		return a.divide(a.gcd(b)).multiply(b);
	}

	public boolean isZero() {
		return numerators.isEmpty();
	}

	public boolean isConstant() {
		return numerators.keySet().stream().allMatch(Map::isEmpty);
	}

	/**
	 * The value of a constant polynomial.
	 *
	 * @throws IllegalStateException when the polynomial has variables or is not an integer
	 */
	public BigInteger constantValue() {
		if (!isConstant() || !denominator.equals(BigInteger.ONE)) {
			throw new IllegalStateException(this + " is not an integer constant");
		}
		return isZero() ? BigInteger.ZERO : numerators.values().iterator().next();
	}

	/** The highest total degree of a term (0 for constants, also for 0). */
	public int degree() {
		return numerators.keySet().stream().mapToInt(m -> m.values().stream().mapToInt(Integer::intValue).sum()).max().orElse(0);
	}

	/** The variables that occur, in print order. */
	public List<String> variables() {
		List<String> used = new ArrayList<>();
		for (String variable : order) {
			if (numerators.keySet().stream().anyMatch(m -> m.containsKey(variable))) {
				used.add(variable);
			}
		}
		return used;
	}

	/** The common positive denominator of the coefficients: the polynomial is {@code sum(terms) / denominator()}. */
	public BigInteger denominator() {
		return denominator;
	}

	/** One term of the numerator: an integer coefficient and the exponents of its variables (print order). */
	public record Term(BigInteger coefficient, Map<String, Integer> powers) {
		/** The total degree. */
		public int degree() {
			return powers.values().stream().mapToInt(Integer::intValue).sum();
		}
	}

	/** The terms of the numerator, in print order: by degree, outer variables first. */
	public List<Term> terms() {
		List<String> variables = variables();
		List<Term> terms = new ArrayList<>();
		numerators.forEach((monomial, numerator) -> {
			Map<String, Integer> powers = new java.util.LinkedHashMap<>();
			for (String variable : variables) {
				Integer exponent = monomial.get(variable);
				if (exponent != null) {
					powers.put(variable, exponent);
				}
			}
			terms.add(new Term(numerator, Collections.unmodifiableMap(powers)));
		});
		Comparator<Term> byDegree = Comparator.comparingInt(Term::degree);
		terms.sort(byDegree.thenComparing((a, b) -> {
			for (String variable : variables) {
				int compared = Integer.compare(b.powers().getOrDefault(variable, 0), a.powers().getOrDefault(variable, 0));
				if (compared != 0) {
					return compared;
				}
			}
			return 0;
		}));
		return terms;
	}

	/**
	 * The value at integer values of the variables.
	 *
	 * @throws IllegalStateException when the value is not an integer (values outside the domain the
	 *                               polynomial was built for)
	 */
	public BigInteger evaluate(ToLongFunction<String> values) {
		BigInteger sum = BigInteger.ZERO;
		for (Map.Entry<SortedMap<String, Integer>, BigInteger> term : numerators.entrySet()) {
			BigInteger product = term.getValue();
			for (Map.Entry<String, Integer> power : term.getKey().entrySet()) {
				product = product.multiply(BigInteger.valueOf(values.applyAsLong(power.getKey())).pow(power.getValue()));
			}
			sum = sum.add(product);
		}
		BigInteger[] quotient = sum.divideAndRemainder(denominator);
		if (quotient[1].signum() != 0) {
			throw new IllegalStateException(this + " is not an integer at these values");
		}
		return quotient[0];
	}

	/** The value at integer values of the variables, given by name. */
	public BigInteger evaluate(Map<String, Long> values) {
		return evaluate(variable -> {
			Long value = values.get(variable);
			if (value == null) {
				throw new IllegalArgumentException("no value for " + variable + " in " + this);
			}
			return value;
		});
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof Polynomial other && numerators.equals(other.numerators) && denominator.equals(other.denominator);
	}

	@Override
	public int hashCode() {
		return Objects.hash(numerators, denominator);
	}

	/**
	 * The text of the polynomial: {@code 991+644*i0}, {@code -3}, {@code (i0+i0^2)/2},
	 * {@code 5+2*i0*i1^3}.
	 */
	@Override
	public String toString() {
		StringBuilder text = new StringBuilder();
		List<Term> terms = terms();
		if (terms.isEmpty()) {
			return "0";
		}
		for (Term term : terms) {
			BigInteger coefficient = term.coefficient();
			boolean first = text.isEmpty();
			if (coefficient.signum() < 0) {
				text.append('-');
			} else if (!first) {
				text.append('+');
			}
			BigInteger magnitude = coefficient.abs();
			boolean one = magnitude.equals(BigInteger.ONE);
			if (!one || term.powers().isEmpty()) {
				text.append(magnitude);
			}
			boolean needsStar = !one;
			for (Map.Entry<String, Integer> power : term.powers().entrySet()) {
				if (needsStar) {
					text.append('*');
				}
				text.append(power.getKey());
				if (power.getValue() > 1) {
					text.append('^').append(power.getValue());
				}
				needsStar = true;
			}
		}
		if (!denominator.equals(BigInteger.ONE)) {
			return (terms.size() > 1 ? "(" + text + ")" : text) + "/" + denominator;
		}
		return text.toString();
	}
}
