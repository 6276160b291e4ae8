// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold;

import java.util.List;

import org.looptrace.merge.fold.internal.SystemFolding;
import org.looptrace.model.Block;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;

/**
 * Folding of a global model, the stage after the merge: constructs that differ only by an affine
 * function of the rank (or of their position) become a loop whose rank, peer, tag and bounds are
 * affine in its index, or hold residues where a periodic grid wraps around. Folding rewrites the
 * sequence of constructs into an equal sequence, so every rank keeps its events in order and
 * projection stays exact. It is a pure function of the model: deterministic.
 */
public final class Folding {

	private Folding() {
	}

	/**
	 * The folded model of blocks run one after the other (a global model, or local models side by
	 * side); the blocks are not changed. Long systems try their foldings on up to {@code threads}
	 * threads; the result does not depend on their number.
	 *
	 * @throws IllegalArgumentException when an event's rank is not constant, or the blocks hold
	 *                                  annotations
	 * @throws java.util.concurrent.CancellationException when cancelled
	 */
	public static Model fold(List<? extends Block> blocks, int threads, Progress progress) {
		return SystemFolding.fold(blocks, threads, progress);
	}

	/** The constructs of a block: loops and events, inside loops included. */
	public static long constructs(Block block) {
		long count = 0;
		for (Item item : block.getItems()) {
			count += 1 + (item instanceof Loop loop ? constructs(loop) : 0);
		}
		return count;
	}
}
