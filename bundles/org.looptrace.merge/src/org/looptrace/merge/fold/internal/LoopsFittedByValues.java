// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Recognizer.MAX_BODY;
import static org.looptrace.merge.fold.internal.Terms.instantiate;
import static org.looptrace.merge.fold.internal.Terms.moduli;
import static org.looptrace.merge.fold.internal.Terms.range;
import static org.looptrace.merge.fold.internal.Terms.sameSkeletons;
import static org.looptrace.merge.fold.internal.Terms.size;
import static org.looptrace.merge.fold.internal.Terms.unroll;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/**
 * The rule that folds a run of loops of the same bounds by their values: their bodies, inner
 * loops of constant bounds unrolled, fitted by {@link ValueFit} into one body over a new loop
 * around them (the rows of BT's grid).
 */
final class LoopsFittedByValues {

	private LoopsFittedByValues() {
	}

	/**
	 * Whether the top of the stack is k ≥ 3 loops of the same constant bounds whose bodies, their
	 * inner loops of constant bounds unrolled, are copies that fit by values ({@link ValueFit}):
	 * the rows of BT's grid, each folded on its own, differ where two steps happen to be affine in
	 * one row and not in the next. The first copies may be a loop over them already
	 * ({@link #copiesAt}). Then replaced by one loop over them, its body recognized again, when
	 * that is smaller. Only the longest run of such loops is tried (at most MAX_BODY: each push
	 * tries the run again). {@code ranges}: of the indices of the loops around, as
	 * {@link StepsPass} passes them; {@code answers}: the folding's value fits.
	 */
	static boolean rewrite(TermStack stack, int depth, List<long @Nullable []> ranges, FitAnswers answers) {
		int size = stack.size();
		if (size < 2 || !(stack.get(size - 1) instanceof LoopNode top) || range(top) == null) {
			return false;
		}
		List<Node[]> bodies = new ArrayList<>();
		List<LoopNode> loops = new ArrayList<>();
		int replaced = 0;
		for (int e = size - 1; e >= 0 && bodies.size() < MAX_BODY; e--) {
			List<LoopNode> found = copiesAt(stack.get(e), top, depth);
			List<Node[]> flats = found.isEmpty() || bodies.size() + found.size() > MAX_BODY ? null
					: unrolledBodies(found, depth + 1, bodies.isEmpty() ? null : bodies.get(0));
			if (flats == null) {
				break;
			}
			bodies.addAll(0, flats);
			loops.addAll(0, found);
			replaced++;
			if (found.size() > 1) {
				break; // a loop of copies holds those before it already
			}
		}
		int k = bodies.size();
		if (k < 3) {
			return false;
		}
		LoopNode[] copies = loops.toArray(new LoopNode[0]);
		Node[] body = ValueFits.fittedBody(bodies.toArray(new Node[0][]), moduli(copies), ranges, copies, answers);
		if (body == null) {
			return false;
		}
		LoopNode fitted = new LoopNode(DepthExpr.ZERO, DepthExpr.constant(k - 1),
				new Node[] { new LoopNode(top.lower, top.upper, body, RankSet.EMPTY) }, RankSet.EMPTY);
		if (size(List.of(fitted)) >= size(stack.subList(size - replaced, size))) {
			return false;
		}
		stack.subList(size - replaced, size).clear();
		stack.add(fitted);
		return true;
	}

	/**
	 * The bodies of the loops (at {@code depth}), their loops of constant bounds unrolled, when all
	 * have the skeletons of {@code like} (of the first, when null); else null.
	 */
	private static @Nullable List<Node[]> unrolledBodies(List<LoopNode> loops, int depth, Node @Nullable [] like) {
		List<Node[]> bodies = new ArrayList<>(loops.size());
		for (LoopNode loop : loops) {
			List<Node> flat = new ArrayList<>();
			Node[] first = like != null ? like : bodies.isEmpty() ? null : bodies.get(0);
			if (!unroll(List.of(loop.body), depth, flat) || first != null && !sameSkeletons(flat, List.of(first))) {
				return null;
			}
			bodies.add(flat.toArray(new Node[0]));
		}
		return bodies;
	}

	/**
	 * The copies a construct of the stack gives a run of loops like {@code top}: itself, if a loop
	 * of top's bounds, or the iterations of a loop of constant bounds around one such loop (the
	 * run's first copies, folded already: BT's rows 0 to 2, then row 3 apart); none otherwise.
	 */
	private static List<LoopNode> copiesAt(Node node, LoopNode top, int depth) {
		if (!(node instanceof LoopNode loop)) {
			return List.of();
		}
		if (loop.lower.equals(top.lower) && loop.upper.equals(top.upper)) {
			return List.of(loop);
		}
		if (!loop.counted || loop.body.length != 1 || !(loop.body[0] instanceof LoopNode inner)
				|| !inner.lower.equals(top.lower) || !inner.upper.equals(top.upper) || loop.upper.constantTerm() >= MAX_BODY) {
			return List.of();
		}
		List<LoopNode> iterations = new ArrayList<>();
		try {
			for (long n = 0; n <= loop.upper.constantTerm(); n++) {
				iterations.add((LoopNode) instantiate(inner, depth, n));
			}
		} catch (ArithmeticException overflow) {
			return List.of();
		}
		return iterations;
	}
}
