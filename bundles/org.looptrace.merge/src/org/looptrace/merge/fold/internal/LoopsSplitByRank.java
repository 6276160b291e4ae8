// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * A system's loops over several ranks split into one loop per rank, each holding that rank's part
 * of the folded body: the loops over ranks inside unrolled to the rank's iteration, every other
 * loop kept. The merge's loops span the ranks whose events it met interleaved (a sweep passing
 * from rank to rank along a row of the grid); rank by rank, the ranks of an SPMD program run one
 * program, which may fold as one loop over the ranks around each rank's steps (NPB SP's sweeps
 * along the rows, the columns and the diagonals, each its own loop over ranks, become steps of one).
 * The bodies are split as they were folded, so every rank's part has one shape and only numbers
 * tell the ranks apart. Each rank keeps its events in order, so the system projects as before.
 */
final class LoopsSplitByRank {

	/** The constructs a split may make: beyond, a model of many ranks is not split. */
	private static final long BUDGET = 1 << 20;

	private LoopsSplitByRank() {
	}

	/**
	 * The system at {@code depth} (its loop bodies folded) with each loop over two or more ranks
	 * split by rank, the loops of each rank in the order of the ranks; null when no loop spans
	 * several ranks, when a loop over ranks has bounds that are not constant once the loops over
	 * ranks around it are unrolled, or when the ranks of the system do not all take the same steps
	 * (they could not fold as one loop over them).
	 */
	static @Nullable List<Node> split(List<Node> folded, int depth) {
		List<Node> result = new ArrayList<>();
		long[] budget = { BUDGET };
		boolean found = false;
		for (Node item : folded) {
			if (!(item instanceof LoopNode loop) || item.ranks.size() < 2) {
				result.add(item);
				continue;
			}
			Map<Integer, List<Node>> parts = byRank(new Node[] { loop }, depth, budget);
			if (parts == null) {
				return null;
			}
			parts.values().forEach(result::addAll);
			found = true;
		}
		return found && sameSteps(result) ? result : null;
	}

	/**
	 * Each rank's constructs of {@code items} at {@code depth}, in order; null when a loop over ranks
	 * cannot be unrolled or the budget is spent.
	 */
	private static @Nullable Map<Integer, List<Node>> byRank(Node[] items, int depth, long[] budget) {
		Map<Integer, List<Node>> result = new TreeMap<>();
		for (Node item : items) {
			if (--budget[0] < 0) {
				return null;
			}
			if (item instanceof EventNode event) {
				EventNode settled = settled(event);
				if (settled == null) {
					return null;
				}
				result.computeIfAbsent(settled.ranks.min(), rank -> new ArrayList<>()).add(settled);
				continue;
			}
			LoopNode loop = (LoopNode) item;
			if (ownersRead(loop.body, depth)) {
				if (!loop.lower.isConstant() || !loop.upper.isConstant()) {
					return null;
				}
				for (long n = loop.lower.constantTerm(); n <= loop.upper.constantTerm(); n++) {
					Node[] iteration = new Node[loop.body.length];
					for (int i = 0; i < iteration.length; i++) {
						iteration[i] = Terms.instantiate(loop.body[i], depth, n);
					}
					Map<Integer, List<Node>> parts = byRank(iteration, depth, budget);
					if (parts == null) {
						return null;
					}
					parts.forEach((rank, nodes) -> result.computeIfAbsent(rank, key -> new ArrayList<>()).addAll(nodes));
				}
				continue;
			}
			Map<Integer, List<Node>> parts = byRank(loop.body, depth + 1, budget);
			if (parts == null) {
				return null;
			}
			parts.forEach((rank, nodes) -> result.computeIfAbsent(rank, key -> new ArrayList<>())
					.add(new LoopNode(loop.lower, loop.upper, nodes.toArray(new Node[0]), RankSet.of(rank))));
		}
		return result;
	}

	/**
	 * The loops over ranks at the top of {@code nest} (one loop or a nest of loops whose owners
	 * read their indices) with the program inside folded again by {@code fold}, given the ranges of
	 * those loops: ranks joined by their values alone keep the body of the first rank as it was
	 * split, which the recognitions may fold further (a sweep there and back as a loop over two).
	 */
	static List<Node> withProgramFolded(List<Node> nest, BiFunction<List<Node>, List<long @Nullable []>, List<Node>> fold) {
		return withProgramFolded(nest, new ArrayList<>(), fold);
	}

	private static List<Node> withProgramFolded(List<Node> items, List<long @Nullable []> ranges,
			BiFunction<List<Node>, List<long @Nullable []>, List<Node>> fold) {
		if (items.size() != 1 || !(items.get(0) instanceof LoopNode loop) || !ownersRead(loop.body, ranges.size())) {
			return fold.apply(items, ranges);
		}
		List<long @Nullable []> within = new ArrayList<>(ranges);
		within.add(Terms.range(loop));
		List<Node> body = withProgramFolded(List.of(loop.body), within, fold);
		return List.of(new LoopNode(loop.lower, loop.upper, body.toArray(new Node[0]), loop.ranks));
	}

	/** Whether the owner of an event in {@code body} depends on the index at {@code depth}: a loop over ranks. */
	private static boolean ownersRead(Node[] body, int depth) {
		for (Node item : body) {
			if (item instanceof EventNode event ? event.owner().readsIndex(depth) : ownersRead(((LoopNode) item).body, depth)) {
				return true;
			}
		}
		return false;
	}

	/** The event with its xors of constants written as their values and its owner as its ranks; null when its owner is not constant. */
	private static @Nullable EventNode settled(EventNode event) {
		DepthExpr[] numbers = new DepthExpr[event.numbers.length];
		for (int k = 0; k < numbers.length; k++) {
			numbers[k] = Butterflies.settled(event.numbers[k]);
		}
		DepthExpr owner = event.withNumbers(numbers).owner();
		if (!owner.isConstant() || owner.constantTerm() < 0 || owner.constantTerm() > Integer.MAX_VALUE) {
			return null;
		}
		return event.withNumbers(numbers, RankSet.of((int) owner.constantTerm()));
	}

	/** Whether every rank of the split system takes the same steps, numbers aside. */
	private static boolean sameSteps(List<Node> split) {
		Map<Integer, List<Integer>> steps = new TreeMap<>();
		for (Node item : split) {
			if (item.ranks.size() != 1) {
				return false;
			}
			steps.computeIfAbsent(item.ranks.min(), rank -> new ArrayList<>()).add(item.skeleton);
		}
		return steps.values().stream().distinct().count() == 1;
	}
}
