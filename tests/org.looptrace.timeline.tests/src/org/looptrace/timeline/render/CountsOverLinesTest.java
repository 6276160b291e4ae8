// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.Drawing.EventKind;
import org.looptrace.timeline.Drawing.Mark;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.TimelineLayout;
import org.looptrace.timeline.internal.Geometry;

/**
 * The count of a loop is written over the rank line that crosses its box's corner and over the
 * events there, in the SVG and the PNG: they show faintly through its background, it reads.
 */
class CountsOverLinesTest {

	/** A loop's box, whose count the first rank line crosses, and an event mark in the middle of the count. */
	private static Drawing loopWithAMarkUnderItsCount() throws Exception {
		Drawing drawing = TimelineLayout.layout(ModelText.parse("""
				for i0 = 0 to 63
				  0 send 1 7
				  1 recv 0 7
				done
				""", "loop.loops"), LayoutOptions.DEFAULTS);
		Box box = drawing.boxes().get(0);
		assertTrue(box.countShown(), box::toString);
		List<Mark> marks = new ArrayList<>(drawing.marks());
		marks.add(new Mark("1.1", EventKind.SEND, 0, 0, box.countX() + 6, box.countY() + 6));
		return new Drawing(drawing.width(), drawing.height(), drawing.ticks(), drawing.rankLines(), drawing.boxes(), marks, drawing.arrows(),
				drawing.collectives(), drawing.brackets(), drawing.labels(), drawing.legend());
	}

	/** The same picture without its lines, marks, arrows, collectives and brackets: boxes, counts and labels. */
	private static Drawing bare(Drawing drawing) {
		return new Drawing(drawing.width(), drawing.height(), drawing.ticks(), List.of(), drawing.boxes(), List.of(), List.of(), List.of(),
				List.of(), drawing.labels(), drawing.legend());
	}

	@Test
	void thePngWritesACountOverTheLineAndTheMarksUnderIt() throws Exception {
		Drawing drawing = loopWithAMarkUnderItsCount();
		Box box = drawing.boxes().get(0);
		BufferedImage drawn = PngRenderer.image(drawing, TimeColours.NONE);
		BufferedImage bare = PngRenderer.image(bare(drawing), TimeColours.NONE);
		// what shows through the count's background: at most its transparency of the darkest mark
		int most = (int) Math.ceil(255 * (1 - Style.COUNT_BACKGROUND_OPACITY)) + 3;
		int right = (int) (box.countX() + box.countText().length() * Geometry.CHAR);
		for (int y = (int) Math.ceil(box.countY()); y < box.countY() + Geometry.FONT + 2; y++) {
			for (int x = (int) Math.ceil(box.countX()); x < right; x++) {
				int difference = difference(drawn.getRGB(x, y), bare.getRGB(x, y));
				assertTrue(difference <= most, "at " + x + "," + y + " the lines and marks differ by " + difference + " from the count alone");
			}
		}
	}

	@Test
	void theSvgWritesTheCountsAfterTheLinesAndMarks() throws Exception {
		String svg = SvgRenderer.render(loopWithAMarkUnderItsCount());
		int count = svg.indexOf("class=\"count\"");
		int background = svg.indexOf("class=\"count-background\"");
		assertTrue(background >= 0 && background < count, "a count on its background");
		for (String under : List.of("rank-line", "event", "message")) {
			int last = svg.lastIndexOf("class=\"" + under + "\"");
			assertTrue(last >= 0 && last < background, "the " + under + " elements before the counts");
		}
	}

	/** The largest difference of two colours in a channel. */
	private static int difference(int one, int other) {
		int most = 0;
		for (int shift = 0; shift <= 16; shift += 8) {
			most = Math.max(most, Math.abs((one >> shift & 0xff) - (other >> shift & 0xff)));
		}
		return most;
	}
}
