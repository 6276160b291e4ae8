// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide.constructs;

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
 * (the model is never expanded). Null stands for a count the text does not give: a bound missing
 * after a syntax error.
 */
final class Counts {

	private Counts() {
	}

	/** The events one run of the construct stands for, in the indices of its enclosing loops. */
	static @Nullable Polynomial perRun(Construct construct) {
		if (!(construct instanceof Loop loop)) {
			return Polynomial.ONE;
		}
		Polynomial body = Polynomial.ZERO;
		for (Item item : loop.getItems()) {
			if (item instanceof Construct inner) {
				Polynomial events = perRun(inner);
				if (events == null) {
					return null;
				}
				body = body.plus(events);
			}
		}
		return overLoop(body, loop);
	}

	/** The iterations of one run of the loop, in the indices of its enclosing loops; none when it would be negative. */
	static @Nullable Polynomial iterations(Loop loop) {
		return overLoop(Polynomial.ONE, loop);
	}

	/** The events the construct stands for in the whole model: its runs summed over every enclosing loop. */
	static @Nullable Polynomial total(Construct construct) {
		Polynomial events = perRun(construct);
		for (EObject container = construct.eContainer(); events != null && container instanceof Loop loop; container = loop.eContainer()) {
			events = overLoop(events, loop);
		}
		return events;
	}

	/** A count, {@code ?} when unknown. */
	static String text(@Nullable Polynomial count) {
		return count == null ? "?" : count.toString();
	}

	/** The sum of the polynomial over the loop's index; 0 for a loop whose constant bounds leave it empty. */
	private static @Nullable Polynomial overLoop(Polynomial body, Loop loop) {
		Polynomial lower = polynomial(loop.getLower());
		Polynomial upper = polynomial(loop.getUpper());
		if (lower == null || upper == null || loop.getIndex() == null) {
			return null;
		}
		if (lower.isConstant() && upper.isConstant() && upper.constantValue().compareTo(lower.constantValue()) < 0) {
			return Polynomial.ZERO;
		}
		return body.sum(loop.getIndex(), lower, upper);
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
