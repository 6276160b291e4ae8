// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * NLR's unification of two or three copies: numbers that move by one constant step (with
 * {@code residueSteps}, the arguments of their residues too).
 */
final class Unification extends RangedCombiner {
	private final int depth;
	private final boolean residueSteps;

	Unification(int depth, boolean residueSteps, List<long @Nullable []> enclosing) {
		super(enclosing);
		this.depth = depth;
		this.residueSteps = residueSteps;
	}

	@Override
	public @Nullable DepthExpr number(DepthExpr[] column) {
		DepthExpr third = column.length > 2 ? column[2] : null;
		return residueSteps ? StepUnification.unifySteppingLifted(column[0], column[1], third, depth, ranges)
				: StepUnification.unify(column[0], column[1], third, depth);
	}

	@Override
	public @Nullable DepthExpr bound(DepthExpr[] column) {
		return number(column);
	}
}
