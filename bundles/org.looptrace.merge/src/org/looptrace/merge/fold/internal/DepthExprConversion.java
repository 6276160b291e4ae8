// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.looptrace.merge.fold.internal.DepthExpr.Residue;
import org.looptrace.merge.fold.internal.DepthExpr.Xor;
import org.looptrace.model.Expr;
import org.looptrace.model.Term;
import org.looptrace.model.core.Exprs;

/** Numbers read from the model's expressions, over loop depths, and written back over index names. */
final class DepthExprConversion {

	private DepthExprConversion() {
	}

	/** The expression with its indices replaced by the depths of the loops that bind them. */
	static DepthExpr of(Expr expr, Map<String, Integer> depths) {
		Residue[] residues = new Residue[expr.getResidues().size()];
		for (int r = 0; r < residues.length; r++) {
			org.looptrace.model.Residue residue = expr.getResidues().get(r);
			residues[r] = new Residue(residue.getCoefficient(), vector(residue.getArgument(), depths), residue.getModulus());
		}
		Xor[] xors = new Xor[expr.getXors().size()];
		for (int x = 0; x < xors.length; x++) {
			org.looptrace.model.Xor xor = expr.getXors().get(x);
			xors[x] = Xor.of(xor.getCoefficient(), vector(xor.getArgument(), depths), xor.getMask(), vector(xor.getShift(), depths));
		}
		return new DepthExpr(vector(expr, depths), residues.length == 0 ? DepthExpr.NONE : residues, xors.length == 0 ? DepthExpr.NO_XORS : xors);
	}

	private static long[] vector(Expr expr, Map<String, Integer> depths) {
		long[] vector = new long[1 + depths.size()];
		vector[0] = expr.getConstant();
		for (Term term : expr.getTerms()) {
			Integer depth = depths.get(term.getIndex());
			if (depth == null) {
				throw new IllegalArgumentException("loop index '" + term.getIndex() + "' is not bound");
			}
			vector[1 + depth] = Math.addExact(vector[1 + depth], term.getCoefficient());
		}
		return vector;
	}

	/** The expression over the index names of {@code scope} (depth k is {@code scope.get(k)}). */
	static Expr toExpr(DepthExpr number, List<String> scope) {
		List<org.looptrace.model.Residue> residueList = new ArrayList<>(number.residues.length);
		for (Residue residue : number.residues) {
			residueList.add(Exprs.residue(residue.coefficient(), canonical(residue.argument(), scope), residue.modulus()));
		}
		List<org.looptrace.model.Xor> xorList = new ArrayList<>(number.xors.length);
		for (Xor xor : number.xors) {
			xorList.add(Exprs.xor(xor.coefficient(), canonical(xor.argument(), scope), xor.mask(), canonical(xor.shift(), scope)));
		}
		return Exprs.canonical(number.vector[0], coefficients(number.vector, scope), residueList, xorList, scope);
	}

	private static Expr canonical(long[] vector, List<String> scope) {
		return Exprs.canonical(vector[0], coefficients(vector, scope), scope);
	}

	private static Map<String, Long> coefficients(long[] vector, List<String> scope) {
		Map<String, Long> coefficients = new TreeMap<>();
		for (int k = 1; k < vector.length; k++) {
			if (vector[k] != 0) {
				coefficients.put(scope.get(k - 1), vector[k]);
			}
		}
		return coefficients;
	}
}
