// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.LooptracePackage;
import org.looptrace.model.Residue;
import org.looptrace.model.Term;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;

/**
 * A loop's body with its index replaced by an expression of the enclosing indices: one iteration
 * written out (the index a constant) or the body of a loop over other iterations (the index shifted);
 * and the sums of expressions that bounds need. Expressions are rebuilt in canonical form.
 */
final class Unrolled {

	private Unrolled() {
	}

	/**
	 * Copies of the constructs of {@code loop}'s body with its index replaced by {@code image}, held
	 * by a new loop outside any model (so that keys can be computed for them); null when an
	 * expression cannot take the image (a residue would hold a residue).
	 */
	static @Nullable Loop body(Loop loop, Expr image) {
		Loop holder = LooptraceFactory.eINSTANCE.createLoop();
		for (Construct construct : ConstructPath.constructs(loop)) {
			Construct copy = EcoreUtil.copy(construct);
			if (!substitute(copy, loop.getIndex(), image)) {
				return null;
			}
			holder.getItems().add(copy);
		}
		return holder;
	}

	/**
	 * Replaces the index in every expression under {@code object}, but in the body of a loop that
	 * binds the same name again; false when an expression cannot take the image.
	 */
	@SuppressWarnings("unchecked")
	private static boolean substitute(EObject object, String index, Expr image) {
		boolean shadows = object instanceof Loop loop && loop.getIndex().equals(index);
		for (EReference reference : object.eClass().getEAllContainments()) {
			if (shadows && reference == LooptracePackage.Literals.BLOCK__ITEMS) {
				continue;
			}
			Object value = object.eGet(reference);
			if (value instanceof EList<?> list) {
				for (int k = 0; k < list.size(); k++) {
					if (list.get(k) instanceof Expr expr) {
						Expr replaced = replaced(expr, index, image);
						if (replaced == null) {
							return false;
						}
						((EList<EObject>) list).set(k, replaced);
					} else if (!substitute((EObject) list.get(k), index, image)) {
						return false;
					}
				}
			} else if (value instanceof Expr expr) {
				Expr replaced = replaced(expr, index, image);
				if (replaced == null) {
					return false;
				}
				object.eSet(reference, replaced);
			} else if (value instanceof EObject child && !substitute(child, index, image)) {
				return false;
			}
		}
		return true;
	}

	/** {@code expr} with the index replaced by {@code image}, canonical; null when a residue would hold a residue. */
	static @Nullable Expr replaced(Expr expr, String index, Expr image) {
		Sum sum = new Sum();
		for (Term term : expr.getTerms()) {
			if (term.getIndex().equals(index)) {
				sum.add(image, term.getCoefficient());
			} else {
				sum.coefficients.merge(term.getIndex(), term.getCoefficient(), Math::addExact);
			}
		}
		sum.constant = Math.addExact(sum.constant, expr.getConstant());
		for (Residue residue : expr.getResidues()) {
			Expr argument = replaced(residue.getArgument(), index, image);
			if (argument == null || !argument.getResidues().isEmpty()) {
				return null;
			}
			sum.residues.add(Exprs.residue(residue.getCoefficient(), argument, residue.getModulus()));
		}
		return sum.expr();
	}

	/** {@code a + factor * b + constant}, canonical. */
	static Expr plus(Expr a, long factor, Expr b, long constant) {
		Sum sum = new Sum();
		sum.add(a, 1);
		sum.add(b, factor);
		sum.constant = Math.addExact(sum.constant, constant);
		return sum.expr();
	}

	/** {@code a + constant}, canonical. */
	static Expr plus(Expr a, long constant) {
		Sum sum = new Sum();
		sum.add(a, 1);
		sum.constant = Math.addExact(sum.constant, constant);
		return sum.expr();
	}

	/** {@code expr} with its indices renamed at once as {@code names} says, the others kept. */
	static Expr renamed(Expr expr, Map<String, String> names) {
		Sum sum = new Sum();
		sum.constant = expr.getConstant();
		expr.getTerms().forEach(term -> sum.coefficients.merge(names.getOrDefault(term.getIndex(), term.getIndex()), term.getCoefficient(),
				Math::addExact));
		expr.getResidues().forEach(residue -> sum.residues.add(
				Exprs.residue(residue.getCoefficient(), renamed(residue.getArgument(), names), residue.getModulus())));
		return sum.expr();
	}

	/** {@code index + shift}: the image of a loop's index in the body of a loop shifted by {@code shift}. */
	static Expr shifted(String index, Expr shift) {
		return plus(Exprs.affine(0, 1, index), 1, shift, 0);
	}

	/** A linear combination of expressions being summed. */
	private static final class Sum {
		long constant;
		final Map<String, Long> coefficients = new TreeMap<>();
		final List<Residue> residues = new ArrayList<>();

		void add(Expr expr, long factor) {
			constant = Math.addExact(constant, Math.multiplyExact(factor, expr.getConstant()));
			expr.getTerms().forEach(term -> coefficients.merge(term.getIndex(), Math.multiplyExact(factor, term.getCoefficient()), Math::addExact));
			expr.getResidues().forEach(residue -> residues.add(
					Exprs.residue(Math.multiplyExact(factor, residue.getCoefficient()), EcoreUtil.copy(residue.getArgument()), residue.getModulus())));
		}

		Expr expr() {
			return Exprs.canonical(constant, coefficients, residues, List.of());
		}
	}
}
