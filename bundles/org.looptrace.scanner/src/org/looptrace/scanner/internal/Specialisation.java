// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.internal;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Recv;
import org.looptrace.model.Term;
import org.looptrace.model.core.Exprs;
import org.looptrace.scanner.Polynomial;

/**
 * Which loops of a model are unrolled when the model is projected onto one rank, so that the
 * positions of everything else are polynomials in the indices of the loops kept (the "symbolic" loops):
 * <ol>
 * <li>a loop whose index decides the owner of an event inside it (a loop over ranks): on one rank
 * only some of its iterations have events, so it is unrolled into its iterations;</li>
 * <li>a loop whose index occurs in the bounds of an unrolled loop inside it, so that the unrolled
 * loop has constant bounds;</li>
 * <li>a loop whose index occurs in the bounds of a kept loop that may have its upper bound more than
 * one below its lower bound for some iteration: the sum of a polynomial over such a loop is not that
 * polynomial's closed form, so the bounds are made constant. Unless that loop is a guard whose trip
 * count reads one kept index only (see {@link GuardSplit}): then the loop of that index is kept and
 * its range split where the guard starts or stops running, whatever its number of iterations.</li>
 * </ol>
 * Hence, on every rank, owners of events are constants, and every kept loop has either constant bounds,
 * or bounds that never cross, or runs at every iteration of a piece of a split loop or at none. The
 * sets do not depend on the rank.
 */
public final class Specialisation {

	private final Set<Loop> unrolled;
	/** The loops split, each with the guards inside it that split it. */
	private final Map<Loop, List<Loop>> splits;

	private Specialisation(Set<Loop> unrolled, Map<Loop, List<Loop>> splits) {
		this.unrolled = unrolled;
		this.splits = splits;
	}

	/** The loops to unroll in a model (see the class comment). */
	public static Specialisation of(Block model) {
		Set<Loop> unrolled = Collections.newSetFromMap(new IdentityHashMap<>());
		List<Loop> loops = new ArrayList<>();
		collect(model, loops);
		for (Loop loop : loops) {
			if (decidesAnOwner(loop, loop)) {
				unrolled.add(loop);
			}
		}
		Set<Loop> crossing = Collections.newSetFromMap(new IdentityHashMap<>());
		for (Loop loop : loops) {
			if (crossesForSomeIteration(loop)) {
				crossing.add(loop);
			}
		}
		Map<Loop, List<Loop>> splits = new IdentityHashMap<>();
		boolean changed = true;
		while (changed) {
			changed = false;
			splits.clear();
			for (Loop loop : loops) {
				Loop step = crossing.contains(loop) ? GuardSplit.stepLoop(loop, unrolled) : null;
				if (step != null) {
					splits.computeIfAbsent(step, key -> new ArrayList<>()).add(loop);
				} else if (unrolled.contains(loop) || crossing.contains(loop)) {
					for (String index : boundIndices(loop)) {
						Loop binder = GuardSplit.binder(loop, index);
						if (binder != null && unrolled.add(binder)) {
							changed = true;
						}
					}
				}
			}
		}
		return new Specialisation(unrolled, splits);
	}

	public boolean isUnrolled(Loop loop) {
		return unrolled.contains(loop);
	}

	/** The guard loops whose starts and stops split the range of a kept loop; empty for most loops. */
	public List<Loop> guards(Loop loop) {
		return splits.getOrDefault(loop, List.of());
	}

	private static void collect(Block block, List<Loop> loops) {
		for (Item item : block.getItems()) {
			if (item instanceof Loop loop) {
				loops.add(loop);
				collect(loop, loops);
			}
		}
	}

	/** Whether the index of {@code loop} occurs in the owner of an event inside {@code block}. */
	private static boolean decidesAnOwner(Loop loop, Block block) {
		for (Item item : block.getItems()) {
			if (item instanceof Event event && Exprs.reads(Exprs.owner(event), loop.getIndex())
					|| item instanceof Loop inner && decidesAnOwner(loop, inner)) {
				return true;
			}
		}
		return false;
	}

	private static List<String> boundIndices(Loop loop) {
		List<String> indices = new ArrayList<>();
		for (Expr bound : List.of(loop.getLower(), loop.getUpper())) {
			for (Term term : bound.getTerms()) {
				indices.add(term.getIndex());
			}
		}
		return indices;
	}

	/**
	 * Whether {@code upper - lower + 1} may be negative for some values of the enclosing indices
	 * (conservatively: each enclosing index is replaced by the bound that minimises the difference,
	 * from the innermost outwards, as if every enclosing loop ran). Constant bounds never need it.
	 */
	static boolean crossesForSomeIteration(Loop loop) {
		if (loop.getLower().getTerms().isEmpty() && loop.getUpper().getTerms().isEmpty()) {
			return false;
		}
		Polynomial difference = affine(loop.getUpper()).minus(affine(loop.getLower())).plus(Polynomial.ONE);
		for (EObject container = loop.eContainer(); container != null; container = container.eContainer()) {
			if (container instanceof Loop enclosing) {
				String index = enclosing.getIndex();
				// affine: the coefficient of the index is the difference between its values at 1 and 0
				BigInteger slope = difference.substitute(index, Polynomial.ONE).minus(difference.substitute(index, Polynomial.ZERO))
						.constantValue();
				if (slope.signum() != 0) {
					Expr worst = slope.signum() > 0 ? enclosing.getLower() : enclosing.getUpper();
					difference = difference.substitute(index, affine(worst));
				}
			}
		}
		return !difference.isConstant() || difference.constantValue().signum() < 0;
	}

	/** An affine expression as a polynomial in its indices. */
	public static Polynomial affine(Expr expr) {
		return affine(expr, Map.of());
	}

	/** An affine expression as a polynomial, the indices of {@code fixed} replaced by their values. */
	public static Polynomial affine(Expr expr, Map<String, Long> fixed) {
		if (!Exprs.isAffine(expr)) {
			throw new IllegalArgumentException(Exprs.toText(expr) + " is not affine: a mod(...) or a xor(...) cannot be a loop bound");
		}
		Polynomial result = Polynomial.constant(expr.getConstant());
		for (Term term : expr.getTerms()) {
			Long value = fixed.get(term.getIndex());
			Polynomial factor = value != null ? Polynomial.constant(value) : Polynomial.variable(term.getIndex());
			result = result.plus(factor.times(term.getCoefficient()));
		}
		return result;
	}
}
