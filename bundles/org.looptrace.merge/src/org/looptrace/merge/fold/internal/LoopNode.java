// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/** A loop from {@code lower} to {@code upper} inclusive (affine in the enclosing indices). */
final class LoopNode extends Node {
	final DepthExpr lower;
	final DepthExpr upper;
	final Node[] body;
	/** Whether the loop runs from 0 to a constant; asked at every step of the recognitions. */
	final boolean counted;

	LoopNode(DepthExpr lower, DepthExpr upper, Node[] body, RankSet ranks) {
		super(skeleton(body), ranks);
		this.lower = lower;
		this.upper = upper;
		this.body = body;
		this.counted = lower.equals(DepthExpr.ZERO) && upper.isConstant();
	}

	private static int skeleton(Node[] body) {
		int hash = 17;
		for (Node item : body) {
			hash = 31 * hash + item.skeleton;
		}
		return hash;
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof LoopNode other && skeleton == other.skeleton && lower.equals(other.lower)
				&& upper.equals(other.upper) && Arrays.equals(body, other.body);
	}

	@Override
	public int hashCode() {
		return skeleton;
	}
}
