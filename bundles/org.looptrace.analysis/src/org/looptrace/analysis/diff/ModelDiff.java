// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import java.util.List;

import org.looptrace.analysis.diff.internal.Differ;
import org.looptrace.model.Construct;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;

/**
 * The differences between two models. Their constructs are aligned as a diff of sequences, block by
 * block: first constructs that are equal, then, in the gaps, constructs of the same structure (the
 * same events with the same tags, loops of such bodies, whatever the bounds and rank expressions),
 * then, in the gaps left, the alignment of least cost, where two events of the same kind cost the
 * fields they differ in, two loops their bounds and the alignment of their bodies, and a construct
 * left unpaired its size; two loops whose bodies have nothing alike (neither constructs of the same
 * kind nor events of the same structure at any depth) are never paired. Paired
 * constructs are compared field by field, loops by their bodies; the rest is added or removed. A
 * loop one model writes otherwise, exactly (its iterations written out, split into loops over
 * consecutive parts of them, its first or last iterations written out beside it), is one
 * difference over the two runs of constructs ({@link Difference.Kind#WRAPPED},
 * {@link Difference.Kind#SPLIT}, {@link Difference.Kind#PEELED} and their inverses).
 * Loop indices are compared by their depth, not their names. Last, pairs of ranks that talk in one
 * model only: one line each, or a single line when the models run on other ranks. The pairs do not
 * depend on which model is the left one.
 *
 * <p>Models of one code at other problem sizes differ in {@link Difference.Kind#BOUNDS} only; at
 * other rank counts (folded over the ranks), in bounds, {@link Difference.Kind#RANKS} and channels,
 * construct by construct.
 */
public final class ModelDiff {

	private ModelDiff() {
	}

	/**
	 * The differences from {@code left} to {@code right}, in the order of the models' text.
	 *
	 * @param ignoreCounts compare structure only: leave out differences of loop bounds
	 * @throws java.util.concurrent.CancellationException when cancelled
	 * @throws ArithmeticException when a model sends more than 2^63 - 1 messages between two ranks
	 */
	public static List<Difference> compare(Model left, Model right, boolean ignoreCounts, Progress progress) {
		return new Differ(ignoreCounts, progress).compare(left, right);
	}

	/**
	 * A construct in one line, as the {@link Difference#what()} of a construct added or removed says
	 * it: an event's text, a loop's header and the size of its body.
	 */
	public static String summary(Construct construct) {
		return Differ.summary(construct);
	}
}
