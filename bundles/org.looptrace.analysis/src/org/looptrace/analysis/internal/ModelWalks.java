// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.internal;

import org.looptrace.model.Block;
import org.looptrace.model.Event;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.core.Exprs;

/** Helpers of the walks of a model that read loops once and count their iterations. */
public final class ModelWalks {

	private ModelWalks() {
	}

	/**
	 * Whether a rank, a peer or a bound inside a loop's body reads {@code index} (the loop decides
	 * who talks, so it is walked index by index), or, with {@code tags}, a tag.
	 */
	public static boolean uses(Block block, String index, boolean tags) {
		for (Item item : block.getItems()) {
			if (item instanceof Event event && Exprs.reads(event.getRank(), index)) {
				return true;
			}
			if (item instanceof Message message && (Exprs.reads(message.getPeer(), index)
					|| tags && message.getTag() instanceof Expr tag && Exprs.reads(tag, index))) {
				return true;
			}
			if (item instanceof Loop loop) {
				if (Exprs.reads(loop.getLower(), index) || Exprs.reads(loop.getUpper(), index)) {
					return true;
				}
				// an inner loop of the same name hides the index
				if (!loop.getIndex().equals(index) && uses(loop, index, tags)) {
					return true;
				}
			}
		}
		return false;
	}

	/** a × b for non-negative counts, {@link Long#MAX_VALUE} past 2^63 - 1. */
	public static long saturatedProduct(long a, long b) {
		long high = Math.multiplyHigh(a, b);
		long product = a * b;
		return high == 0 && product >= 0 ? product : Long.MAX_VALUE;
	}
}
