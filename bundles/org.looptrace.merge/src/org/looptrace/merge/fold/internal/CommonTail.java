// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Segments.separators;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * The steps every rank of a segment ends with, taken apart from the steps before them that differ
 * from rank to rank. When ranks of two kinds first take steps of their own (MG's coarse grids,
 * where half the ranks along an axis hold no points and their neighbours exchange past them) and
 * then the same steps again (the finer grids), every order that keeps a rank's steps together
 * folds the common steps once per kind of rank; wrapped apart, they fold once over all ranks.
 */
final class CommonTail {

	/** Each rank's tail holds at least this many constructs: a shorter one is not worth a second folding. */
	private static final int MIN_LENGTH = 2;

	private CommonTail() {
	}

	/**
	 * The system with the common tail of each segment ({@link Segments}) moved into a loop of one
	 * iteration from 0 at the segment's end, or null when no segment has one. A segment's common
	 * tail: the last constructs of one rank after its last construct of several ranks, the same
	 * steps on every rank of the segment but for their ranks and peers, at least
	 * {@link #MIN_LENGTH} per rank, and some rank with steps of its own before it. Each rank keeps
	 * its constructs in order (the tail of every rank comes after all its other constructs), so
	 * the system projects as before; {@link Orders#unwrap} removes the loops once folded.
	 * {@code foldTail} folds the constructs of a tail (at {@code depth + 1}, their loop bodies
	 * folded already).
	 */
	static @Nullable List<Node> wrapped(List<Node> items, int depth, UnaryOperator<List<Node>> foldTail) {
		Set<Node> separators = separators(items);
		List<Node> result = new ArrayList<>(items.size());
		boolean found = false;
		int start = 0;
		for (int end = 0; end <= items.size(); end++) {
			if (end < items.size() && !separators.contains(items.get(end))) {
				continue;
			}
			List<Node> segment = items.subList(start, end);
			Set<Node> tail = tail(segment);
			if (tail.isEmpty()) {
				result.addAll(segment);
			} else {
				found = true;
				RankSet ranks = RankSet.EMPTY;
				for (Node item : segment) {
					if (tail.contains(item)) {
						ranks = ranks.union(item.ranks);
					} else {
						result.add(item);
					}
				}
				List<Node> tailItems = rounds(segment, tail).stream().map(item -> lifted(item, depth)).toList();
				result.add(new LoopNode(DepthExpr.ZERO, DepthExpr.ZERO,
						foldTail.apply(tailItems).toArray(new Node[0]), ranks));
			}
			if (end < items.size()) {
				result.add(items.get(end));
			}
			start = end + 1;
		}
		return found ? result : null;
	}

	/** The constructs of a segment's common tail (by identity); empty when it has none. */
	private static Set<Node> tail(List<Node> segment) {
		Set<Node> tail = Collections.newSetFromMap(new IdentityHashMap<>());
		// Each rank's constructs of one rank after its last construct of several.
		Map<Integer, List<Node>> byRank = new TreeMap<>();
		for (Node item : segment) {
			if (item.ranks.isEmpty()) {
				return tail;
			}
			for (PrimitiveIterator.OfInt it = item.ranks.iterator(); it.hasNext();) {
				List<Node> own = byRank.computeIfAbsent(it.nextInt(), rank -> new ArrayList<>());
				if (item.ranks.size() > 1) {
					own.clear();
				} else {
					own.add(item);
				}
			}
		}
		if (byRank.size() < 2) {
			return tail;
		}
		int shortest = byRank.values().stream().mapToInt(List::size).min().orElseThrow();
		List<Node> first = byRank.values().iterator().next();
		int length = 0;
		while (length < shortest && sameStep(byRank.values(), first.get(first.size() - 1 - length), length)) {
			length++;
		}
		int common = length;
		if (common < MIN_LENGTH || byRank.values().stream().allMatch(own -> own.size() == common)) {
			return tail;
		}
		for (List<Node> own : byRank.values()) {
			tail.addAll(own.subList(own.size() - common, own.size()));
		}
		return tail;
	}

	/**
	 * The constructs of the tails round by round, each round rank by rank: a rank's round starts
	 * at each occurrence of its tail's first step, or once it is as long as the first round (the
	 * steps after the last whole round, a barrier, go as a round of their own). Copies of one
	 * round on successive ranks then stand side by side, and the rounds after them, as a loop over
	 * the ranks inside a loop over the rounds would run them.
	 */
	private static List<Node> rounds(List<Node> segment, Set<Node> tail) {
		Map<Integer, List<List<Node>>> byRank = new TreeMap<>();
		for (Node item : segment) {
			if (tail.contains(item)) {
				List<List<Node>> rounds = byRank.computeIfAbsent(item.ranks.min(), rank -> new ArrayList<>());
				if (rounds.isEmpty() || step(item).equals(step(rounds.get(0).get(0)))
						|| rounds.size() > 1 && rounds.get(rounds.size() - 1).size() == rounds.get(0).size()) {
					rounds.add(new ArrayList<>());
				}
				rounds.get(rounds.size() - 1).add(item);
			}
		}
		List<Node> ordered = new ArrayList<>(tail.size());
		// Every rank takes the same steps, so the same number of rounds.
		int count = byRank.values().iterator().next().size();
		for (int round = 0; round < count; round++) {
			for (List<List<Node>> rounds : byRank.values()) {
				ordered.addAll(rounds.get(round));
			}
		}
		return ordered;
	}

	/**
	 * The construct moved into a new loop at {@code depth} that it does not depend on, its ranks
	 * kept: the orders of the tail's system keep each rank's constructs in order by them.
	 */
	private static Node lifted(Node node, int depth) {
		if (node instanceof EventNode event) {
			return new EventNode(event.kind, event.symbols, event.group,
					Arrays.stream(event.numbers).map(number -> number.lifted(depth)).toArray(DepthExpr[]::new));
		}
		LoopNode loop = (LoopNode) node;
		return new LoopNode(loop.lower.lifted(depth), loop.upper.lifted(depth), Terms.lifted(List.of(loop.body), depth), loop.ranks);
	}

	/** Whether every rank's construct {@code fromEnd} places before its last takes the step of {@code step}. */
	private static boolean sameStep(Iterable<List<Node>> byRank, Node step, int fromEnd) {
		Node key = step(step);
		for (List<Node> own : byRank) {
			if (!step(own.get(own.size() - 1 - fromEnd)).equals(key)) {
				return false;
			}
		}
		return true;
	}

	/** The construct with its ranks and peers forgotten: the step it takes. */
	private static Node step(Node node) {
		if (node instanceof EventNode event) {
			int ranks = event.kind == EventKind.SEND || event.kind == EventKind.RECV ? 2 : 1;
			DepthExpr[] numbers = event.numbers.clone();
			Arrays.fill(numbers, 0, ranks, DepthExpr.ZERO);
			return event.withNumbers(numbers);
		}
		LoopNode loop = (LoopNode) node;
		return new LoopNode(loop.lower, loop.upper, Arrays.stream(loop.body).map(CommonTail::step).toArray(Node[]::new),
				RankSet.EMPTY);
	}
}
