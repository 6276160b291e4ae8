// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Two runs of one step joined into one loop at {@code depth} ({@link Wrapping#joined}): numbers may
 * wrap around, loop bounds must continue.
 *
 * @param cycle     the count of the loop the runs are part of
 * @param constants whether two runs of different constant values join
 */
record RunConcatenation(Run first, Run second, long cycle, int depth, Wrapping.Constants constants) implements Combiner {

	@Override
	public @Nullable DepthExpr number(DepthExpr[] column) {
		return Wrapping.joined(column[0], first, column[1], second, depth, cycle, constants);
	}

	@Override
	public @Nullable DepthExpr bound(DepthExpr[] column) {
		return Wrapping.continued(column[0], first, column[1], second, depth);
	}
}
