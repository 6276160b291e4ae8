// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide.constructs;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Term;
import org.looptrace.model.core.Exprs;
import org.looptrace.scanner.Polynomial;

/**
 * Iterations and events of constructs as exact polynomials in the indices of the enclosing loops
 * (the model is never expanded). Null stands for a count the text does not give exactly: a bound
 * missing after a syntax error, or a guard loop (one whose bounds leave it empty at some iterations
 * of the enclosing loops) whose trip count reads an index with a coefficient other than 1 or -1
 * beside other indices.
 */
final class Counts {

	/**
	 * A count: the sum of its terms, each {@code value} where every one of its conditions is at least
	 * 0, else 0. The conditions are the trip counts of guard loops, affine in the enclosing indices; the
	 * sum over an enclosing loop splits its range where they change sign (index-set splitting) and
	 * leaves none that reads its index.
	 */
	record Count(List<Guarded> terms) {

		static final Count ZERO = new Count(List.of());

		static Count of(Polynomial value) {
			return new Count(List.of(new Guarded(value, List.of())));
		}

		/** The sum, terms of the same conditions added up. */
		Count plus(Count other) {
			List<Guarded> sum = new ArrayList<>(terms);
			for (Guarded term : other.terms) {
				int same = 0;
				while (same < sum.size() && !sum.get(same).conditions().equals(term.conditions())) {
					same++;
				}
				if (same < sum.size()) {
					sum.set(same, new Guarded(sum.get(same).value().plus(term.value()), term.conditions()));
				} else {
					sum.add(term);
				}
			}
			return new Count(List.copyOf(sum));
		}
	}

	/** {@code value} where every condition is at least 0, else 0. */
	record Guarded(Polynomial value, List<Polynomial> conditions) {
	}

	private Counts() {
	}

	/** The events one run of the construct stands for, in the indices of its enclosing loops. */
	static @Nullable Count perRun(Construct construct) {
		if (!(construct instanceof Loop loop)) {
			return Count.of(Polynomial.ONE);
		}
		if (neverRuns(loop)) {
			return Count.ZERO;
		}
		Count body = Count.ZERO;
		for (Item item : loop.getItems()) {
			if (item instanceof Construct inner) {
				Count events = perRun(inner);
				if (events == null) {
					return null;
				}
				body = body.plus(events);
			}
		}
		return overLoop(body, loop);
	}

	/** The iterations of one run of the loop, in the indices of its enclosing loops. */
	static @Nullable Count iterations(Loop loop) {
		return overLoop(Count.of(Polynomial.ONE), loop);
	}

	/** The events the construct stands for in the whole model: its runs summed over every enclosing loop. */
	static @Nullable Count total(Construct construct) {
		for (EObject container = construct.eContainer(); container instanceof Loop loop; container = loop.eContainer()) {
			if (neverRuns(loop)) {
				return Count.ZERO;
			}
		}
		Count events = perRun(construct);
		for (EObject container = construct.eContainer(); events != null && container instanceof Loop loop; container = loop.eContainer()) {
			events = overLoop(events, loop);
		}
		return events;
	}

	/**
	 * A count: its polynomial; {@code max(0,c)} for the iterations of a guard loop; {@code ?} when
	 * unknown or when its conditions are not that of a guard's iterations.
	 */
	static String text(@Nullable Count count) {
		if (count == null) {
			return "?";
		}
		if (count.terms().isEmpty()) {
			return "0";
		}
		Guarded term = count.terms().get(0);
		if (count.terms().size() > 1) {
			return "?";
		}
		if (term.conditions().isEmpty()) {
			return term.value().toString();
		}
		return term.conditions().equals(List.of(term.value())) ? "max(0," + term.value() + ")" : "?";
	}

	/** Whether the loop's constant bounds leave it empty. */
	private static boolean neverRuns(Loop loop) {
		Polynomial lower = polynomial(loop.getLower());
		Polynomial upper = polynomial(loop.getUpper());
		return lower != null && upper != null && lower.isConstant() && upper.isConstant()
				&& upper.constantValue().compareTo(lower.constantValue()) < 0;
	}

	/** The sum of a count over the loop's index, term by term; null when one is not exact. */
	private static @Nullable Count overLoop(Count body, Loop loop) {
		if (neverRuns(loop)) {
			return Count.ZERO;
		}
		Count sum = Count.ZERO;
		for (Guarded term : body.terms()) {
			Count summed = overLoop(term, loop);
			if (summed == null) {
				return null;
			}
			sum = sum.plus(summed);
		}
		return sum;
	}

	/**
	 * The sum of a term over the loop's index: its conditions that read the index narrow the loop's
	 * range (index-set splitting); where it is not known which of a condition's bound and the loop's
	 * is the tighter for every value of the enclosing indices, the term splits in two, each with the
	 * comparison as a condition. The loop's own trip count becomes a condition when it may be
	 * negative. Null when that is not exact: a condition reading the index with a coefficient other
	 * than 1 or -1 beside other indices.
	 */
	private static @Nullable Count overLoop(Guarded body, Loop loop) {
		Polynomial lower = polynomial(loop.getLower());
		Polynomial upper = polynomial(loop.getUpper());
		if (lower == null || upper == null || loop.getIndex() == null) {
			return null;
		}
		return narrowed(body.value(), body.conditions(), 0, lower, upper, List.of(), loop);
	}

	/** The sum of {@code value} over lower..upper narrowed by the conditions from {@code next} on, {@code kept} holding. */
	private static @Nullable Count narrowed(Polynomial value, List<Polynomial> conditions, int next, Polynomial lower, Polynomial upper,
			List<Polynomial> kept, Loop loop) {
		String index = loop.getIndex();
		if (next == conditions.size()) {
			List<Polynomial> all = new ArrayList<>(kept);
			Polynomial trips = upper.minus(lower).plus(Polynomial.ONE);
			if (trips.isConstant()) {
				if (trips.constantValue().signum() < 0) {
					return Count.ZERO;
				}
			} else if (!neverNegative(trips, loop)) {
				all.add(trips);
			}
			return new Count(List.of(new Guarded(value.sum(index, lower, upper), List.copyOf(all))));
		}
		Polynomial condition = conditions.get(next);
		if (condition.isConstant()) {
			return condition.constantValue().signum() < 0 ? Count.ZERO : narrowed(value, conditions, next + 1, lower, upper, kept, loop);
		}
		Polynomial atZero = condition.substitute(index, Polynomial.ZERO);
		Polynomial slope = condition.substitute(index, Polynomial.ONE).minus(atZero);
		if (slope.isZero()) {
			return narrowed(value, conditions, next + 1, lower, upper, with(kept, condition), loop);
		}
		if (!slope.isConstant()) {
			return null;
		}
		BigInteger a = slope.constantValue();
		boolean from = a.signum() > 0; // a*i + b >= 0: i from -b/a, else up to b/-a
		Polynomial bound;
		if (atZero.isConstant()) {
			BigInteger b = atZero.constantValue();
			bound = Polynomial.constant(from ? ceilDiv(b.negate(), a) : floorDiv(b, a.negate()));
		} else if (a.abs().equals(BigInteger.ONE)) {
			bound = from ? atZero.negate() : atZero;
		} else {
			return null; // a bound of the index divided by a coefficient, in other indices
		}
		// at least 0 where the condition's bound is the tighter one
		Polynomial tighter = from ? bound.minus(lower) : upper.minus(bound);
		Polynomial looser = tighter.negate().minus(Polynomial.ONE);
		Count whereTighter = Count.ZERO;
		if (!neverNegative(looser, loop)) {
			List<Polynomial> holds = neverNegative(tighter, loop) ? kept : with(kept, tighter);
			whereTighter = narrowed(value, conditions, next + 1, from ? bound : lower, from ? upper : bound, holds, loop);
		}
		Count whereLooser = Count.ZERO;
		if (!neverNegative(tighter, loop)) {
			List<Polynomial> holds = neverNegative(looser, loop) ? kept : with(kept, looser);
			whereLooser = narrowed(value, conditions, next + 1, lower, upper, holds, loop);
		}
		return whereTighter == null || whereLooser == null ? null : whereTighter.plus(whereLooser);
	}

	private static List<Polynomial> with(List<Polynomial> conditions, Polynomial condition) {
		List<Polynomial> with = new ArrayList<>(conditions);
		with.add(condition);
		return List.copyOf(with);
	}

	/**
	 * Whether an affine polynomial of the loop's enclosing indices is at least 0 for every value of
	 * them (conservatively: each index replaced by the bound that minimises it, innermost first).
	 */
	private static boolean neverNegative(Polynomial value, Loop loop) {
		Polynomial least = value;
		for (EObject container = loop.eContainer(); container instanceof Loop enclosing; container = enclosing.eContainer()) {
			String index = enclosing.getIndex();
			Polynomial lower = polynomial(enclosing.getLower());
			Polynomial upper = polynomial(enclosing.getUpper());
			if (index == null || lower == null || upper == null) {
				return false;
			}
			Polynomial slope = least.substitute(index, Polynomial.ONE).minus(least.substitute(index, Polynomial.ZERO));
			if (!slope.isConstant()) {
				return false;
			}
			if (slope.constantValue().signum() != 0) {
				least = least.substitute(index, slope.constantValue().signum() > 0 ? lower : upper);
			}
		}
		return least.isConstant() && least.constantValue().signum() >= 0;
	}

	private static BigInteger floorDiv(BigInteger a, BigInteger b) {
		BigInteger[] division = a.divideAndRemainder(b);
		return division[1].signum() < 0 ? division[0].subtract(BigInteger.ONE) : division[0];
	}

	private static BigInteger ceilDiv(BigInteger a, BigInteger b) {
		return floorDiv(a.negate(), b).negate();
	}

	/** A bound as a polynomial; null when missing or not affine (a mod(...) or a xor(...) in a bound is an error). */
	private static @Nullable Polynomial polynomial(@Nullable Expr expr) {
		if (expr == null || !Exprs.isAffine(expr)) {
			return null;
		}
		Polynomial value = Polynomial.constant(expr.getConstant());
		for (Term term : expr.getTerms()) {
			value = value.plus(Polynomial.variable(term.getIndex()).times(term.getCoefficient()));
		}
		return value;
	}
}
