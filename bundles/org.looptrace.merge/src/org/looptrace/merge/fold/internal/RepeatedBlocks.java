// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Combiner.combine;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * NLR's first rule and its variants for two copies: the top copies of a block of b constructs
 * (three, or two where the rule set allows pairs) become a loop over them when they unify.
 */
final class RepeatedBlocks {

	/** How the peers of two copies may move for the copies to fold (see {@link #translation}). */
	private enum Peers {
		/** With the ranks, by the same shift. */
		WITH_RANKS,
		/** By any steps. */
		ANY
	}

	private RepeatedBlocks() {
	}

	/**
	 * Whether the top {@code copies} blocks of b constructs unify, then replaced by a loop. Two
	 * copies (of two or more constructs, where the new loop is smaller than the copies) fold as
	 * the rules allow; a third copy then extends the loop only if it follows the same steps.
	 */
	static boolean rewrite(TermStack stack, int b, int copies, int depth, RuleSet rules, List<long @Nullable []> ranges) {
		int size = stack.size();
		int start = size - copies * b;
		// Skeletons first: the copies almost never unify, and comparing ints allocates nothing.
		for (int j = 0; j < b; j++) {
			int skeleton = stack.skeleton(start + j);
			for (int c = 1; c < copies; c++) {
				if (stack.skeleton(start + c * b + j) != skeleton) {
					return false;
				}
			}
		}
		Node[] x = stack.nodes(start, start + b);
		Node[] y = stack.nodes(start + b, start + 2 * b);
		Node[] z = copies == 3 ? stack.nodes(start + 2 * b, size) : null;
		boolean refused = z == null && (rules.has(Capability.TRANSLATED_PAIRS) && translation(x, y, Peers.WITH_RANKS) == 0
				|| rules.has(Capability.RANK_SHIFTED_PAIRS) && translation(x, y, Peers.ANY) == 0);
		Node[][] blocks = z == null ? new Node[][] { x, y } : new Node[][] { x, y, z };
		Node[] body = refused ? null : combine(blocks, new Unification(depth, rules.has(Capability.RESIDUE_STEPS), ranges));
		if (body == null && z != null && rules.has(Capability.WRAP_AROUNDS)) {
			body = new Agreement(depth).unify(x, y, z);
		}
		if (body == null) {
			return false;
		}
		stack.subList(start, size).clear();
		stack.add(new LoopNode(DepthExpr.ZERO, DepthExpr.constant(copies - 1), body, RankSet.EMPTY));
		return true;
	}

	/**
	 * The rank shift that turns the block x into the block y: every rank moves by it, peers as
	 * {@code peers} says, every other number stays; 0
	 * when there is none. Two copies are folded only then: two ranks doing the same thing, not two
	 * arbitrary constructs of the same shape.
	 */
	private static long translation(Node[] x, Node[] y, Peers peers) {
		long[] shift = { 0 }; // the shift of the first rank met
		for (int i = 0; i < x.length; i++) {
			if (!translates(x[i], y[i], shift, peers)) {
				return 0;
			}
		}
		return shift[0];
	}

	private static boolean translates(Node x, Node y, long[] shift, Peers peers) {
		if (x instanceof EventNode ex && y instanceof EventNode ey) {
			boolean message = ex.kind == EventKind.SEND || ex.kind == EventKind.RECV;
			int ranks = message ? 2 : 1;
			int owner = ex.kind == EventKind.RECV ? 1 : 0;
			for (int k = 0; k < ex.numbers.length && k < ey.numbers.length; k++) {
				// a peer read as a xor of its owner counts as its value (Butterflies.hinted)
				long step = Butterflies.settled(ey.numbers[k]).constantTerm() - Butterflies.settled(ex.numbers[k]).constantTerm();
				if (k < ranks && peers == Peers.ANY && k != owner) {
					continue;
				}
				if (k >= ranks ? step != 0 : step == 0 || shift[0] != 0 && step != shift[0]) {
					return false;
				}
				if (k < ranks) {
					shift[0] = step;
				}
			}
			return true;
		}
		if (x instanceof LoopNode lx && y instanceof LoopNode ly && lx.body.length == ly.body.length
				&& lx.lower.constantTerm() == ly.lower.constantTerm() && lx.upper.constantTerm() == ly.upper.constantTerm()) {
			for (int i = 0; i < lx.body.length; i++) {
				if (!translates(lx.body[i], ly.body[i], shift, peers)) {
					return false;
				}
			}
			return true;
		}
		return false;
	}
}
