// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.Term;
import org.looptrace.model.core.Exprs;
import org.looptrace.scanner.Placement;

/**
 * Index-set splitting for guard loops: a loop whose trip count ({@code upper - lower + 1}) is affine in
 * the index of one enclosing kept loop, the "step" loop, runs at some steps and not at others. The
 * step loop's range is split where the guard starts or stops running; in each piece the guard runs at
 * every iteration or at none, so positions stay polynomials without unrolling the step loop.
 */
final class GuardSplit {

	private GuardSplit() {
	}

	/**
	 * The step loop a crossing guard splits, given the loops unrolled: the only enclosing loop not
	 * unrolled whose index the trip count reads; every other index it reads, and every index of the
	 * step loop's bounds, belongs to an unrolled loop around the step loop (a constant on each rank).
	 * Null when there is none: the trip count reads no kept index, or more than one, or the guard is
	 * itself unrolled.
	 */
	static @Nullable Loop stepLoop(Loop guard, Set<Loop> unrolled) {
		if (unrolled.contains(guard) || !Exprs.isAffine(guard.getLower()) || !Exprs.isAffine(guard.getUpper())) {
			return null;
		}
		Loop step = null;
		List<Loop> fixedBinders = new ArrayList<>();
		for (Map.Entry<String, Long> term : tripCoefficients(guard).entrySet()) {
			if (term.getValue() == 0) {
				continue;
			}
			Loop binder = binder(guard, term.getKey());
			if (binder == null) {
				return null;
			}
			if (unrolled.contains(binder)) {
				fixedBinders.add(binder);
			} else if (step == null) {
				step = binder;
			} else {
				return null;
			}
		}
		if (step == null) {
			return null;
		}
		for (Expr bound : List.of(step.getLower(), step.getUpper())) {
			for (Term term : bound.getTerms()) {
				Loop binder = binder(step, term.getIndex());
				if (binder == null || !unrolled.contains(binder)) {
					return null;
				}
			}
		}
		for (Loop binder : fixedBinders) {
			if (!encloses(binder, step)) {
				return null;
			}
		}
		return step;
	}

	/** The coefficient of each index in {@code upper - lower}. */
	private static Map<String, Long> tripCoefficients(Loop loop) {
		Map<String, Long> coefficients = new HashMap<>();
		loop.getUpper().getTerms().forEach(term -> coefficients.merge(term.getIndex(), term.getCoefficient(), Long::sum));
		loop.getLower().getTerms().forEach(term -> coefficients.merge(term.getIndex(), -term.getCoefficient(), Long::sum));
		return coefficients;
	}

	/** The enclosing loop that binds an index seen from {@code loop}'s bounds, or null. */
	static @Nullable Loop binder(Loop loop, String index) {
		for (EObject container = loop.eContainer(); container != null; container = container.eContainer()) {
			if (container instanceof Loop enclosing && enclosing.getIndex().equals(index)) {
				return enclosing;
			}
		}
		return null;
	}

	private static boolean encloses(Loop outer, Loop inner) {
		for (EObject container = inner.eContainer(); container != null; container = container.eContainer()) {
			if (container == outer) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The pieces of the step loop's range {@code first..last}: a new piece starts where a guard starts
	 * or stops running.
	 */
	static List<Placement.Range> ranges(Loop step, List<Loop> guards, long first, long last, Map<String, Long> fixed) {
		TreeSet<Long> starts = new TreeSet<>();
		for (Loop guard : guards) {
			long atZero = trips(guard, step.getIndex(), 0, fixed);
			long slope = trips(guard, step.getIndex(), 1, fixed) - atZero;
			if (slope > 0) { // runs from the first value where slope * s + atZero >= 1
				starts.add(-Math.floorDiv(atZero - 1, slope));
			} else if (slope < 0) { // runs up to the last such value
				starts.add(Math.floorDiv(atZero - 1, -slope) + 1);
			}
		}
		List<Placement.Range> ranges = new ArrayList<>();
		long start = first;
		for (long next : starts.subSet(first, false, last, true)) {
			ranges.add(new Placement.Range(start, next - 1));
			start = next;
		}
		ranges.add(new Placement.Range(start, last));
		return ranges;
	}

	/** The guards that do not run at the value {@code value} of the step loop's index. */
	static List<Loop> idleGuards(Loop step, List<Loop> guards, long value, Map<String, Long> fixed) {
		return guards.stream().filter(guard -> trips(guard, step.getIndex(), value, fixed) < 1).toList();
	}

	private static long trips(Loop guard, String index, long value, Map<String, Long> fixed) {
		// an index neither the step's nor unrolled cancels out of upper - lower (see stepLoop): any value does
		Exprs.IndexEnvironment environment = name -> name.equals(index) ? value : fixed.getOrDefault(name, 0L);
		return Exprs.evaluate(guard.getUpper(), environment) - Exprs.evaluate(guard.getLower(), environment) + 1;
	}
}
