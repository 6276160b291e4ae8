// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import org.eclipse.jdt.annotation.Nullable;

/** Copies as one construct over a cycle ({@link Wrapping#cycle}); notes whether some number wraps. */
final class CycleFit implements Combiner {
	private final int depth;
	boolean wraps;

	CycleFit(int depth) {
		this.depth = depth;
	}

	@Override
	public @Nullable DepthExpr number(DepthExpr[] column) {
		DepthExpr number = Wrapping.cycle(column, depth);
		wraps |= number != null && number.wraps(depth);
		return number;
	}

	@Override
	public @Nullable DepthExpr bound(DepthExpr[] column) {
		return Wrapping.cycleWithoutJumps(column, depth);
	}
}
