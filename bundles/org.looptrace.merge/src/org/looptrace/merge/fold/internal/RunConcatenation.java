// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Two runs of one step to join: which is a single copy, how many iterations each has, and the
 * count of the loop they are part of.
 */
record RunConcatenation(boolean firstSingle, long first, boolean secondSingle, long second, long cycle, int depth)
		implements Combiner {

	@Override
	public @Nullable DepthExpr number(DepthExpr[] column) {
		return DepthExpr.concatenate(column[0], firstSingle, first, column[1], secondSingle, second, depth, true, cycle);
	}

	@Override
	public @Nullable DepthExpr bound(DepthExpr[] column) {
		return DepthExpr.concatenate(column[0], firstSingle, first, column[1], secondSingle, second, depth, false, cycle);
	}
}
