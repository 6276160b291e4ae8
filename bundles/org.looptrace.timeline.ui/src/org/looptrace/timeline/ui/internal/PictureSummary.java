// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.HashSet;
import java.util.Set;

import org.eclipse.swt.graphics.Device;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.render.Style;

/**
 * A picture drawn small from its layout, not from figures: the loop boxes filled, the rank lines
 * while they are a few pixels apart, the messages and collectives as lines over them, the outlines
 * of the boxes on top so that the loops stay in sight under thousands of messages; the events left
 * out. Thousands of elements fall on the same few pixels: each stroke is drawn once. The overview draws it
 * stretched, the view draws it in place of the figures when zoomed out too far to show them.
 */
final class PictureSummary {

	/** How many pixels apart the rank lines must be to be drawn: closer, they would gray the whole picture. */
	private static final int RANK_LINE_GAP = 3;

	private PictureSummary() {
	}

	/** A line or a box of the summary, in its pixels, and its colour. */
	private record Stroke(int x1, int y1, int x2, int y2, int rgb) {
	}

	/** The summary of a drawing stretched to a size in pixels, loops filled as the view fills them. */
	static Image draw(Device device, Drawing drawing, TimeColours fills, TimelineFigures.ColorCache colors, int width, int height) {
		Image image = new Image(device, Math.max(1, width), Math.max(1, height));
		GC gc = new GC(image);
		try {
			double sx = width / drawing.width();
			double sy = height / drawing.height();
			gc.setBackground(colors.get(Style.BACKGROUND));
			gc.fillRectangle(0, 0, width, height);
			Set<Stroke> drawn = new HashSet<>();
			for (Drawing.Box box : drawing.boxes()) {
				Stroke bounds = bounds(box, sx, sy, fills.fill(box));
				if (drawn.add(bounds)) {
					gc.setBackground(colors.get(bounds.rgb()));
					gc.fillRectangle(bounds.x1(), bounds.y1(), bounds.x2() - bounds.x1(), bounds.y2() - bounds.y1());
				}
			}
			if (sy * drawing.height() >= RANK_LINE_GAP * drawing.rankLines().size()) {
				for (Drawing.RankLine line : drawing.rankLines()) {
					for (int point = 1; point < line.points().size(); point++) {
						Drawing.Point from = line.points().get(point - 1);
						Drawing.Point to = line.points().get(point);
						line(gc, colors, drawn, from.x() * sx, from.y() * sy, to.x() * sx, to.y() * sy, Style.RANK_LINE);
					}
				}
			}
			for (Drawing.Collective collective : drawing.collectives()) {
				line(gc, colors, drawn, collective.x() * sx, collective.y1() * sy, collective.x() * sx, collective.y2() * sy, Style.COLLECTIVE);
			}
			for (Drawing.Arrow arrow : drawing.arrows()) {
				line(gc, colors, drawn, arrow.x1() * sx, arrow.y1() * sy, arrow.x2() * sx, arrow.y2() * sy, arrow.rgb());
			}
			gc.setForeground(colors.get(Style.BOX_STROKE));
			drawn.clear();
			for (Drawing.Box box : drawing.boxes()) {
				Stroke bounds = bounds(box, sx, sy, Style.BOX_STROKE);
				if (drawn.add(bounds)) {
					gc.drawRectangle(bounds.x1(), bounds.y1(), bounds.x2() - bounds.x1() - 1, bounds.y2() - bounds.y1() - 1);
				}
			}
		} finally {
			gc.dispose();
		}
		return image;
	}

	/** The pixels of a box, at least one. */
	private static Stroke bounds(Drawing.Box box, double sx, double sy, int rgb) {
		int x = (int) Math.floor(box.x() * sx);
		int y = (int) Math.floor(box.y() * sy);
		int right = Math.max(x + 1, (int) Math.ceil((box.x() + box.width()) * sx));
		int bottom = Math.max(y + 1, (int) Math.ceil((box.y() + box.height()) * sy));
		return new Stroke(x, y, right, bottom, rgb);
	}

	/** Draws a line unless the same line is drawn already. */
	private static void line(GC gc, TimelineFigures.ColorCache colors, Set<Stroke> drawn, double x1, double y1, double x2, double y2, int rgb) {
		Stroke stroke = new Stroke((int) Math.round(x1), (int) Math.round(y1), (int) Math.round(x2), (int) Math.round(y2), rgb);
		if (drawn.add(stroke)) {
			gc.setForeground(colors.get(rgb));
			gc.drawLine(stroke.x1(), stroke.y1(), stroke.x2(), stroke.y2());
		}
	}
}
