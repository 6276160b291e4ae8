// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.internal;

import org.looptrace.model.Expr;
import org.looptrace.model.Term;

/** Helpers of the walks of a model that read loops once and count their iterations. */
public final class ModelWalks {

	private ModelWalks() {
	}

	/** Whether an affine expression reads {@code index}. */
	public static boolean reads(Expr expr, String index) {
		for (Term term : expr.getTerms()) {
			if (term.getIndex().equals(index)) {
				return true;
			}
		}
		return false;
	}

	/** a × b for non-negative counts, {@link Long#MAX_VALUE} past 2^63 - 1. */
	public static long saturatedProduct(long a, long b) {
		long high = Math.multiplyHigh(a, b);
		long product = a * b;
		return high == 0 && product >= 0 ? product : Long.MAX_VALUE;
	}
}
