// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.looptrace.model.core.RankSet;

/**
 * A construct of the paper: an event or a loop. Immutable, so that copies made by splitting,
 * unrolling and blocking can share unchanged parts.
 */
public abstract sealed class GlobalConstruct permits GlobalEvent, GlobalLoop {

	/** The ranks whose events this construct holds. */
	public final RankSet coverage;
	/**
	 * The potential flow: messages per channel whose correspondent is not inside this construct.
	 * A construct holds one side of each such channel: the send side when it covers the source.
	 */
	public final SortedMap<GlobalChannel, Long> potential;
	/** Whether some local word inside depends on a loop index (substitution has work to do). */
	final boolean affine;

	GlobalConstruct(RankSet coverage, SortedMap<GlobalChannel, Long> potential, boolean affine) {
		this.coverage = coverage;
		this.potential = Collections.unmodifiableSortedMap(potential);
		this.affine = affine;
	}

	/** This construct with the variables replaced; this when none occurs. */
	abstract GlobalConstruct substitute(Map<LoopVariable, AffineExpression> substitution);

	/** The potential of a block of constructs over the given coverage: what is not internal to it. */
	static SortedMap<GlobalChannel, Long> potentialOf(Iterable<? extends GlobalConstruct> items, RankSet coverage) {
		SortedMap<GlobalChannel, Long> sum = new TreeMap<>();
		for (GlobalConstruct item : items) {
			item.potential.forEach((channel, count) -> {
				if (!(coverage.contains(channel.src()) && coverage.contains(channel.dst()))) {
					sum.merge(channel, count, channel::plus);
				}
			});
		}
		return sum;
	}
}
