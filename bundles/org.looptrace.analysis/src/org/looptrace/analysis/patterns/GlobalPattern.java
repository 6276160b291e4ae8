// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.patterns;

import java.util.List;

import org.looptrace.model.core.RankSet;

/**
 * A global communication pattern (step 2 of Alawneh et al.'s contextual approach): per-process
 * patterns of partner ranks joined by the messages between them, with the partner events that
 * belong to no per-process pattern added as they are.
 *
 * @param ranks       the ranks taking part
 * @param parts       the per-process patterns it is made of, by rank
 * @param singles     the partner events that stand in no per-process pattern (a rank's single
 *                    receive of a message a pattern sends, say), as lines of model text
 * @param occurrences how many times it occurs in the trace: the least occurrences of its parts
 */
public record GlobalPattern(RankSet ranks, List<ProcessPattern> parts, List<String> singles, long occurrences) {

	public GlobalPattern {
		parts = List.copyOf(parts);
		singles = List.copyOf(singles);
	}
}
