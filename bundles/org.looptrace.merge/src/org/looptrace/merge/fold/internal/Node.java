// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import org.looptrace.model.core.RankSet;

/** A construct: an event or a loop, hashed without its numbers (its skeleton). */
abstract sealed class Node permits EventNode, LoopNode {
	final int skeleton;
	/** The ranks of a construct read from the model; empty for those folding builds. */
	final RankSet ranks;

	Node(int skeleton, RankSet ranks) {
		this.skeleton = skeleton;
		this.ranks = ranks;
	}
}
