// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang;

import java.util.Map;

import org.looptrace.model.Construct;
import org.looptrace.model.Model;

/**
 * A model parsed from text with the lines where each of its constructs starts and ends, as
 * {@link ModelText#parseLocated} gives it.
 *
 * @param model     the model, detached from the parser
 * @param lines     the line (from 1) of each construct of the model, by identity
 * @param lastLines the last line of each construct of the model, by identity: a loop's {@code done}
 */
public record LocatedModel(Model model, Map<Construct, Integer> lines, Map<Construct, Integer> lastLines) {

	/** The line (from 1) where a construct of the model starts; 0 for a construct not of the text. */
	public int line(Construct construct) {
		return lines.getOrDefault(construct, 0);
	}

	/** The last line (from 1) of a construct of the model, its {@code done} for a loop; 0 for a construct not of the text. */
	public int lastLine(Construct construct) {
		return lastLines.getOrDefault(construct, 0);
	}
}
