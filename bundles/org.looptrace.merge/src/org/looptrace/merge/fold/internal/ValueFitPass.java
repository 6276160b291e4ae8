// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Recognizer.MAX_BODY;
import static org.looptrace.merge.fold.internal.Terms.moduli;
import static org.looptrace.merge.fold.internal.Terms.sameSkeletons;
import static org.looptrace.merge.fold.internal.Terms.size;
import static org.looptrace.merge.fold.internal.Terms.unroll;
import static org.looptrace.merge.fold.internal.Terms.withBodies;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.RankSet;

/**
 * The last pass, over the chosen folding: copies fitted by their values into loops, or runs of
 * loops into nests, where that is smaller.
 */
final class ValueFitPass {

	private final Progress progress;
	/** The folding's value fits. */
	private final FitAnswers answers;

	ValueFitPass(Progress progress, FitAnswers answers) {
		this.progress = progress;
		this.answers = answers;
	}

	/**
	 * The last pass, over the chosen folding, loop bodies first: a sequence of constructs that,
	 * its loops of constant bounds unrolled, is k ≥ 2 copies of one block becomes one loop over the
	 * copies when they fit by values ({@link ValueFit}) and that is smaller. BT's initialization
	 * folds the ranks of even and odd columns into blocks whose loops differ (the same steps,
	 * wrapping at other places), one after the other in a loop over pairs of columns. Last, so
	 * that the recognitions above see the blocks as they fold on their own (as a rule inside the
	 * pass over steps, it took BT's rows apart before they could be fitted as rows). Where no such
	 * loop is smaller, runs of loops become nests ({@link #runsAsNests}).
	 */
	List<Node> copiesFitted(List<Node> items, List<long @Nullable []> ranges) {
		progress.checkCancelled();
		int depth = ranges.size();
		List<Node> inner = withBodies(items, ranges, this::copiesFitted);
		List<Node> flat = new ArrayList<>();
		if (inner.isEmpty() || !unroll(inner, depth, flat)) {
			return runsAsNests(inner, ranges);
		}
		List<Node> best = inner;
		// A nest made one loop saves its inner loop only, at the price of residues: kept only when
		// the body shrinks too.
		long limit = size(inner) - (inner.size() == 1 ? 1 : 0);
		long leastLoop = leastLoopSize(flat);
		for (int k = 2; k <= flat.size() / 2 && leastLoop < Math.min(limit, size(best)); k++) {
			int b = flat.size() / k;
			if (flat.size() % k != 0 || b > MAX_BODY) {
				continue;
			}
			Node[][] blocks = new Node[k][];
			boolean same = true;
			for (int c = 0; c < k && same; c++) {
				blocks[c] = flat.subList(c * b, (c + 1) * b).toArray(new Node[0]);
				same = c == 0 || sameSkeletons(List.of(blocks[c]), List.of(blocks[0]));
			}
			Node loop = same ? loopOverBlocks(blocks, ranges) : null;
			if (loop != null && size(List.of(loop)) < Math.min(limit, size(best))) {
				best = List.of(loop);
			}
		}
		return best == inner ? runsAsNests(inner, ranges) : best;
	}

	/**
	 * Runs of k ≥ 2 loops of one skeleton as one loop over them ({@link #oneLoop}), or for k ≥ 4
	 * as a nest of two loops over them or loops over groups of them ({@link #nest}), whichever is smallest, when that is smaller
	 * than the run: Sweep3D's four sweeps of a time step, one per pair of directions, differ by
	 * the direction of the sweep along each axis of the processor grid. A run is taken whole.
	 */
	private List<Node> runsAsNests(List<Node> items, List<long @Nullable []> ranges) {
		List<Node> result = new ArrayList<>();
		int start = 0;
		while (start < items.size()) {
			Node first = items.get(start);
			int end = start + 1;
			while (first instanceof LoopNode && end < items.size() && items.get(end) instanceof LoopNode
					&& items.get(end).skeleton == first.skeleton) {
				end++;
			}
			List<Node> run = items.subList(start, end);
			List<Node> best = run;
			for (List<Node> candidate : Arrays.asList(run.size() >= 4 ? nest(run, ranges) : null, oneLoop(run, ranges))) {
				if (candidate != null && size(candidate) < size(best)) {
					best = candidate;
				}
			}
			result.addAll(best);
			start = end;
		}
		return result;
	}

	/**
	 * The loops as a nest over g groups of n consecutive loops (g·n = k, the smallest n first, g
	 * at most the copies a value fit takes), the n loops of each group fitted by values into one
	 * loop over them, then the g loops so made; when no split nests, the g loops of the first
	 * split whose groups fit (a sweep there and back along each axis of a grid, whose axes differ
	 * beyond what one number writes); null when none fits. One loop over all k is the pass over
	 * steps' ({@link LoopsFittedByValues}, when their bodies unroll).
	 */
	private @Nullable List<Node> nest(List<Node> loops, List<long @Nullable []> ranges) {
		int k = loops.size();
		List<Node> grouped = null;
		for (int n = Math.max(2, (k + ValueFit.MAX_POINTS - 1) / ValueFit.MAX_POINTS); n <= ValueFit.MAX_POINTS && n < k; n++) {
			if (k % n != 0) {
				continue;
			}
			List<Node> groups = new ArrayList<>();
			for (int g = 0; g < k / n; g++) {
				progress.checkCancelled();
				Node group = loopOverBlocks(singles(loops.subList(g * n, (g + 1) * n)), ranges);
				if (group == null) {
					break;
				}
				groups.add(group);
			}
			if (groups.size() < k / n) {
				continue;
			}
			Node nest = loopOverBlocks(singles(groups), ranges);
			if (nest != null) {
				return List.of(nest);
			}
			if (grouped == null) {
				grouped = groups;
			}
		}
		return grouped;
	}

	/**
	 * A run of k ≥ 2 loops of one skeleton as one loop over them fitted by values, or null: two
	 * loops whose numbers differ by more than a constant (Sweep3D's octants of one sweep, whose
	 * tags are the octant's number times a factor the sweep's direction decides).
	 */
	private @Nullable List<Node> oneLoop(List<Node> loops, List<long @Nullable []> ranges) {
		if (loops.size() < 2 || loops.size() > ValueFit.MAX_POINTS) {
			return null;
		}
		Node loop = loopOverBlocks(singles(loops), ranges);
		return loop == null ? null : List.of(loop);
	}

	/** One loop over the blocks (copies of one block) fitted by values, or null. */
	private @Nullable Node loopOverBlocks(Node[][] blocks, List<long @Nullable []> ranges) {
		Node[] body = ValueFits.fittedBody(blocks, moduli(blocks), ranges, null, answers);
		return body == null ? null : new LoopNode(DepthExpr.ZERO, DepthExpr.constant(blocks.length - 1), body, RankSet.EMPTY);
	}

	/**
	 * The size of a loop folded from the constructs at least: the loop and one event of each
	 * skeleton they hold, since folding keeps every event. A fit that cannot come out smaller than
	 * what is at hand need not be tried.
	 */
	static long leastLoopSize(List<Node> constructs) {
		Set<Integer> skeletons = new HashSet<>();
		addEventSkeletons(constructs, skeletons);
		return 1 + skeletons.size();
	}

	private static void addEventSkeletons(List<Node> constructs, Set<Integer> into) {
		for (Node construct : constructs) {
			if (construct instanceof LoopNode loop) {
				addEventSkeletons(List.of(loop.body), into);
			} else {
				into.add(construct.skeleton);
			}
		}
	}

	/** Each construct a block of its own. */
	private static Node[][] singles(List<Node> constructs) {
		return constructs.stream().map(construct -> new Node[] { construct }).toArray(Node[][]::new);
	}
}
