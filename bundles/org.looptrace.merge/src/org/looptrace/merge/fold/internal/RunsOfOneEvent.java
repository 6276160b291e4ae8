// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import static org.looptrace.merge.fold.internal.Terms.size;
import static org.looptrace.merge.fold.internal.Terms.unroll;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;

/**
 * Runs of one event taken again and again with other numbers (events, and loops of constant
 * bounds whose iterations are such events) as one loop over the events, fitted by their values
 * ({@link ValueFit}). The rank gathering a coarse grid of MG receives from the ranks of a 2 × 2 × 2
 * block but itself, at offsets 1, 4, 5, 16, 17, 20, 21 on a 4 × 4 × 4 process grid: recognized by
 * steps, a loop over the first four and three events; by values, one loop over seven,
 * 4·j − 2·mod(j, 4) − mod(j, 2) for j = 1..7, the bits of j spread over the axes.
 */
final class RunsOfOneEvent {

	/**
	 * How many more events a run holds than its fitted numbers have terms (the constant, the step
	 * and each residue): fewer would fit any values, a loop that stores the data rather than a rule.
	 */
	private static final int SPARE_EVENTS = 2;

	private RunsOfOneEvent() {
	}

	/**
	 * The items with each run of two or more items that unroll into events of one skeleton
	 * replaced by one loop over those events, where their numbers fit by values with
	 * {@link #SPARE_EVENTS} events to spare and the loop is smaller than the run; {@code ranges}:
	 * those of the enclosing loops ({@link SystemFolding}).
	 */
	static List<Node> fitted(List<Node> items, List<long @Nullable []> ranges) {
		int depth = ranges.size();
		List<Node> result = new ArrayList<>(items.size());
		int start = 0;
		while (start < items.size()) {
			List<Node> events = new ArrayList<>();
			int end = start;
			while (end < items.size() && ofOneEvent(items.get(end), depth, events)) {
				end++;
			}
			List<Node> run = items.subList(start, Math.max(end, start + 1));
			Node loop = end - start >= 2 ? loopOver(events, ranges) : null;
			result.addAll(loop != null && size(List.of(loop)) < size(run) ? List.of(loop) : run);
			start += run.size();
		}
		return result;
	}

	/**
	 * Whether the item unrolls into events of the skeleton of those in {@code events} (any when
	 * empty), within {@link ValueFit#MAX_POINTS} in all; if so they are added, else nothing is.
	 */
	private static boolean ofOneEvent(Node item, int depth, List<Node> events) {
		List<Node> unrolled = new ArrayList<>();
		if (!unroll(List.of(item), depth, unrolled) || events.size() + unrolled.size() > ValueFit.MAX_POINTS) {
			return false;
		}
		Node first = events.isEmpty() ? unrolled.get(0) : events.get(0);
		for (Node event : unrolled) {
			if (!(event instanceof EventNode) || event.skeleton != first.skeleton) {
				return false;
			}
		}
		events.addAll(unrolled);
		return true;
	}

	/**
	 * One loop over the events, or null: each number of the events the first one's plus
	 * constants fitted by values over the new index ({@link ValueFit}), where every event differs
	 * from the first by constants only. The constants alone are fitted, not the numbers over the
	 * indices they read, with residues whose moduli divide the number of events or that number
	 * plus one: the offsets of the ranks of a block (but one) are the digits of the index in the
	 * radices of the block's sides, which divide its size.
	 */
	private static @Nullable Node loopOver(List<Node> events, List<long @Nullable []> ranges) {
		int depth = ranges.size();
		EventNode first = (EventNode) events.get(0);
		Set<Long> moduli = new TreeSet<>();
		for (long size : new long[] { events.size(), events.size() + 1 }) {
			for (long m = 2; m <= size; m++) {
				if (size % m == 0) {
					moduli.add(m);
				}
			}
		}
		List<long @Nullable []> none = new ArrayList<>();
		for (int t = 0; t < depth; t++) {
			none.add(null);
		}
		DepthExpr[] numbers = new DepthExpr[first.numbers.length];
		for (int k = 0; k < numbers.length; k++) {
			DepthExpr[] offsets = new DepthExpr[events.size()];
			for (int c = 0; c < offsets.length; c++) {
				EventNode event = (EventNode) events.get(c);
				if (event.kind != first.kind || !Arrays.equals(event.symbols, first.symbols) || !Objects.equals(event.group, first.group)) {
					return null;
				}
				long offset = DepthExpr.step(first.numbers[k], event.numbers[k]);
				if (offset == DepthExpr.NO_DIFFERENCE) {
					return null;
				}
				offsets[c] = DepthExpr.constant(offset);
			}
			DepthExpr fitted = ValueFit.fit(offsets, depth, none, moduli);
			if (fitted == null || 2 + fitted.residues().size() + SPARE_EVENTS > events.size()) {
				return null;
			}
			try {
				numbers[k] = sum(first.numbers[k].lifted(depth), fitted);
			} catch (ArithmeticException overflow) {
				return null;
			}
		}
		return new LoopNode(DepthExpr.ZERO, DepthExpr.constant(events.size() - 1), new Node[] { first.withNumbers(numbers) },
				RankSet.EMPTY);
	}

	/** a + b: their vectors added, their residues side by side. */
	private static DepthExpr sum(DepthExpr a, DepthExpr b) {
		long[] vector = Arrays.copyOf(a.vector, Math.max(a.vector.length, b.vector.length));
		for (int j = 0; j < b.vector.length; j++) {
			vector[j] = Math.addExact(vector[j], b.vector[j]);
		}
		List<DepthExpr.Residue> residues = new ArrayList<>(a.residues());
		residues.addAll(b.residues());
		return DepthExpr.of(vector, residues);
	}
}
