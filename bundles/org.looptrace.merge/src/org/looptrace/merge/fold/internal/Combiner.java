// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.sameShape;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/**
 * How the numbers at one place of several copies of a construct become one number over a new
 * loop (null: they do not). Loop bounds are combined apart: they may hold no residue.
 */
interface Combiner {
	@Nullable DepthExpr number(DepthExpr[] column);

	@Nullable DepthExpr bound(DepthExpr[] column);

	/** The walk enters the loops of the copies (one per copy). */
	default void enter(LoopNode[] loops) {
	}

	default void leave() {
	}

	/**
	 * Copies of a block (blocks[c] is copy c) as one block, construct by construct: events of the
	 * same shape and loops of the same length, their numbers and bounds combined column by
	 * column. Null when the blocks differ otherwise or a column does not combine.
	 */
	static Node @Nullable [] combine(Node[][] blocks, Combiner combiner) {
		Node[] result = new Node[blocks[0].length];
		Node[] column = new Node[blocks.length];
		for (int j = 0; j < result.length; j++) {
			for (int c = 0; c < blocks.length; c++) {
				if (blocks[c].length != result.length) {
					return null;
				}
				column[c] = blocks[c][j];
			}
			result[j] = combine(column, combiner);
			if (result[j] == null) {
				return null;
			}
		}
		return result;
	}

	private static @Nullable Node combine(Node[] copies, Combiner combiner) {
		DepthExpr[] column = new DepthExpr[copies.length];
		if (copies[0] instanceof EventNode first) {
			DepthExpr[] numbers = new DepthExpr[first.numbers.length];
			for (int k = 0; k < numbers.length; k++) {
				for (int c = 0; c < copies.length; c++) {
					if (!(copies[c] instanceof EventNode event) || event.skeleton != first.skeleton || !sameShape(first, event)) {
						return null;
					}
					column[c] = event.numbers[k];
				}
				numbers[k] = combiner.number(column);
				if (numbers[k] == null) {
					return null;
				}
			}
			return first.withNumbers(numbers);
		}
		LoopNode[] loops = new LoopNode[copies.length];
		Node[][] bodies = new Node[copies.length][];
		for (int c = 0; c < copies.length; c++) {
			if (!(copies[c] instanceof LoopNode loop) || loop.skeleton != copies[0].skeleton) {
				return null;
			}
			loops[c] = loop;
			bodies[c] = loop.body;
			column[c] = loop.lower;
		}
		DepthExpr lower = combiner.bound(column);
		if (lower == null) {
			return null;
		}
		for (int c = 0; c < copies.length; c++) {
			column[c] = loops[c].upper;
		}
		DepthExpr upper = combiner.bound(column);
		if (upper == null) {
			return null;
		}
		combiner.enter(loops);
		Node[] body = combine(bodies, combiner);
		combiner.leave();
		return body == null ? null : new LoopNode(lower, upper, body, RankSet.EMPTY);
	}
}
