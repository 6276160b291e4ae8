// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns;

import java.util.List;

/**
 * A per-process communication pattern (step 1 of Alawneh et al.'s contextual approach): a maximal
 * repeat of the communication events of one rank within one context.
 *
 * @param rank        the rank whose events these are
 * @param context     the function the pattern was found in, empty outside any function or when
 *                    contexts are not used
 * @param events      the events of the pattern, as lines of model text (fields may be affine in
 *                    the indices of the loops around them)
 * @param places      where it stands in the model: its occurrences with every loop taken once
 * @param occurrences how many times it occurs in the trace: each place counted by the iterations
 *                    of the loops around it
 */
public record ProcessPattern(int rank, String context, List<String> events, int places, long occurrences) {

	public ProcessPattern {
		events = List.copyOf(events);
	}
}
