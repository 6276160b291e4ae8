// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.looptrace.model.core.RankSet;

/**
 * A system (V, T, C) of the paper, kept as one valid linearization of its constructs: for every
 * rank p, the constructs covering p appear in p's order, which is T. Communication links C are
 * recomputed from the potentials (FIFO channels) whenever they are needed.
 */
public final class GlobalSystem {

	public final List<GlobalConstruct> items;
	public final RankSet coverage;
	/** Messages exchanged with ranks outside {@link #coverage}, per channel. */
	public final SortedMap<GlobalChannel, Long> potential;
	final boolean affine;

	public GlobalSystem(List<GlobalConstruct> items) {
		this.items = List.copyOf(items);
		RankSet.Builder ranks = new RankSet.Builder();
		boolean anyAffine = false;
		for (GlobalConstruct item : items) {
			ranks.addAll(item.coverage);
			anyAffine |= item.affine;
		}
		this.coverage = ranks.build();
		this.potential = Collections.unmodifiableSortedMap(GlobalConstruct.potentialOf(items, coverage));
		this.affine = anyAffine;
	}

	/** The items with the variables replaced (simultaneously). */
	List<GlobalConstruct> substitute(Map<LoopVariable, AffineExpression> substitution) {
		if (!affine) {
			return items;
		}
		List<GlobalConstruct> result = new ArrayList<>(items.size());
		for (GlobalConstruct item : items) {
			result.add(item.substitute(substitution));
		}
		return result;
	}

	/** The items with one variable replaced. */
	List<GlobalConstruct> substitute(LoopVariable var, AffineExpression image) {
		if (!affine) {
			return items;
		}
		Map<LoopVariable, AffineExpression> substitution = new IdentityHashMap<>();
		substitution.put(var, image);
		return substitute(substitution);
	}
}
