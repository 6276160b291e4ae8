// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import java.util.List;
import java.util.function.ToIntFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Loop;
import org.looptrace.model.core.ConstructPath;

/**
 * Where a construct of one model only would be in the other model: right after the construct before
 * it that both models have, or first in the body that holds it when there is none.
 *
 * @param body  the body of the other model it would be in: a loop's, or the model's own
 * @param after the construct of {@code body} it would follow, paired with the construct before it;
 *              null when it would come first
 */
public record Place(Block body, @Nullable Construct after) {

	/**
	 * The line (from 1) of the other model's text before which the construct's lines would be
	 * inserted: the line after {@code after}, else the first line of the body (the line after a loop's
	 * header, the line of a model's first construct, after the comments that head the text), the line
	 * past the end of the text for a model without constructs.
	 *
	 * @param firstLine the line (from 1) of the other model's text where each of its constructs starts
	 * @param lastLine  the line where each ends, a loop's {@code done}
	 * @param end       the line past the end of the other model's text: its number of lines plus one
	 */
	public int line(ToIntFunction<Construct> firstLine, ToIntFunction<Construct> lastLine, int end) {
		Construct before = after;
		if (before != null) {
			return lastLine.applyAsInt(before) + 1;
		}
		if (body instanceof Loop loop) {
			return firstLine.applyAsInt(loop) + 1;
		}
		List<Construct> constructs = ConstructPath.constructs(body);
		return constructs.isEmpty() ? end : firstLine.applyAsInt(constructs.get(0));
	}

	/**
	 * The offset in the other model's text at which the construct's lines would be inserted: the
	 * start of its {@link #line line}, the end of the text for a model without constructs.
	 *
	 * @param text      the other model's text
	 * @param firstLine the line (from 1) of {@code text} where each construct of the other model starts
	 * @param lastLine  the line where each ends, a loop's {@code done}
	 */
	public int offset(String text, ToIntFunction<Construct> firstLine, ToIntFunction<Construct> lastLine) {
		return lineStart(text, line(firstLine, lastLine, Integer.MAX_VALUE));
	}

	/** The offset of the start of a line (from 1), the end of the text past its last line. */
	private static int lineStart(String text, int line) {
		int offset = 0;
		for (int current = 1; current < line; current++) {
			int end = text.indexOf('\n', offset);
			if (end < 0) {
				return text.length();
			}
			offset = end + 1;
		}
		return offset;
	}
}
