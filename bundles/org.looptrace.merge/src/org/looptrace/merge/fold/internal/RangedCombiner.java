// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.range;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A combiner that knows the range of each index as it walks the copies: {lower, upper} of the
 * enclosing loops, then of the copies' loops it entered, when their bounds are constant (else
 * null), outermost first.
 */
abstract class RangedCombiner implements Combiner {
	final List<long @Nullable []> ranges;

	RangedCombiner(List<long @Nullable []> enclosing) {
		this.ranges = new ArrayList<>(enclosing);
	}

	@Override
	public void enter(LoopNode[] loops) {
		ranges.add(range(loops));
	}

	@Override
	public void leave() {
		ranges.remove(ranges.size() - 1);
	}
}
