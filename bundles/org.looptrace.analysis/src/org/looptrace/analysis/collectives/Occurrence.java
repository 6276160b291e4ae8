// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives;

import java.util.List;

/**
 * One place in the model where a {@link GroupPattern} was found.
 *
 * @param pattern    what was found there; its occurrences are those of this place alone
 * @param loops      the construct paths of the loops that repeat it, outermost first (empty at the
 *                   top level)
 * @param constructs the construct paths of the sends that make it up, in model order
 */
public record Occurrence(GroupPattern pattern, List<String> loops, List<String> constructs) {

	public Occurrence {
		loops = List.copyOf(loops);
		constructs = List.copyOf(constructs);
	}
}
