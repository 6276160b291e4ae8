// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.looptrace.analysis.patterns.internal.MaximalRepeats;
import org.looptrace.analysis.patterns.internal.Sequences;
import org.looptrace.model.Block;

/**
 * The per-process communication patterns of a model (paper 002, step 1), on the model rather than
 * the trace: a loop is a contiguous repetition already removed (its body is read once, and each
 * place in it counts for the loop's iterations), so the work is linear in the size of the model,
 * not of the trace.
 * <p>
 * For every rank, the communication events (send, recv, sync) it owns are read in model order. With
 * contexts, {@code local call F} and {@code local return F} of that rank cut the sequence at every
 * function boundary and label each piece with the function it runs in, so no pattern spans two
 * functions; without (or when the trace recorded no calls), a rank's events are one sequence. A
 * pattern is a maximal repeat of the sequences of one context, of at least two events: it stands
 * at two places or more, and cannot be extended to the left or to the right at all of them alike.
 */
public final class ContextualPatterns {

	private ContextualPatterns() {
	}

	/** The patterns of every rank, by rank, context, then most occurrences first. */
	public static List<ProcessPattern> find(Block model, boolean useContext) {
		List<ProcessPattern> patterns = new ArrayList<>();
		for (Map.Entry<Integer, Map<String, Sequences.Pieces>> rank : Sequences.read(model, useContext).entrySet()) {
			for (Map.Entry<String, Sequences.Pieces> context : rank.getValue().entrySet()) {
				Sequences.Pieces pieces = context.getValue();
				for (MaximalRepeats.Repeat repeat : MaximalRepeats.find(pieces.symbols(), pieces.weights(), 2)) {
					patterns.add(new ProcessPattern(rank.getKey(), context.getKey(), pieces.texts(repeat.symbols()),
							repeat.places(), repeat.occurrences()));
				}
			}
		}
		patterns.sort(Comparator.comparingInt(ProcessPattern::rank).thenComparing(ProcessPattern::context)
				.thenComparing(Comparator.comparingLong(ProcessPattern::occurrences).reversed())
				.thenComparing(pattern -> String.join("\n", pattern.events())));
		return patterns;
	}
}
