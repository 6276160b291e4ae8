// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.ide.EditorServices;
import org.looptrace.lang.internal.ide.EditorServices.TextRange;
import org.looptrace.model.Model;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;

/**
 * What the timeline view shows: the layout of a model's text, and where each construct is in that
 * text (to select it in the editor and to find the construct at the caret). Computed without SWT,
 * in the view's job.
 *
 * @param text    the model text laid out
 * @param options the options of the layout
 * @param bands   the layout, its elements indexed by position (in the job: hundreds of thousands at 10^4 ranks)
 * @param ranges  the text of every construct by construct path
 * @param times   the time of the loops, from the data traces of the model's run
 */
record TimelineData(String text, LayoutOptions options, PictureBands bands, Map<String, TextRange> ranges, TimelineTimes times) {

	TimelineData {
		ranges = Map.copyOf(ranges);
	}

	/**
	 * Parses model text and lays it out.
	 *
	 * @param times the time of the loops of the model parsed
	 * @throws ModelTextException       when the text is not a valid model
	 * @throws IllegalArgumentException when the model cannot be drawn
	 */
	static TimelineData compute(String text, String fileName, LayoutOptions options, Function<Model, TimelineTimes> times)
			throws ModelTextException {
		Model model = ModelText.parse(text, fileName);
		Drawing drawing = TimelineLayout.layout(model, options);
		return new TimelineData(text, options, new PictureBands(drawing), EditorServices.constructRanges(text), times.apply(model));
	}

	/** The layout. */
	Drawing drawing() {
		return bands.drawing();
	}

	/** The colours of the loop boxes by time ({@link TimeColours#NONE} when no loop has a time). */
	TimeColours colours() {
		return TimeColours.of(drawing(), times.totals());
	}

	/**
	 * The innermost construct whose text holds an offset and that is drawn, or null. Drawn in the
	 * picture, not among the figures: those are made only around the view.
	 */
	@Nullable
	String constructAt(int offset) {
		String inner = null;
		int length = Integer.MAX_VALUE;
		for (Map.Entry<String, TextRange> range : ranges.entrySet()) {
			TextRange text = range.getValue();
			if (text.offset() <= offset && offset <= text.offset() + text.length() && text.length() < length
					&& drawing().bounds(range.getKey()) != null) {
				inner = range.getKey();
				length = text.length();
			}
		}
		return inner;
	}

	/** The text of every construct by path, for tooltips. */
	Map<String, String> texts() {
		Map<String, String> texts = new HashMap<>();
		ranges.forEach((path, range) -> texts.put(path, text.substring(range.offset(), range.offset() + range.length())));
		return texts;
	}
}
