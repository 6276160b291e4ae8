// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Device;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Path;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.render.Style;

/**
 * A picture drawn small from its layout, not from figures: the loop boxes filled, the rank lines
 * while they are a few pixels apart, the messages and collectives as lines over them, the outlines
 * of the boxes on top so that the loops stay in sight under thousands of messages; the events left
 * out. Thousands of elements fall on the same few pixels: each stroke is drawn once, and the lines of a
 * colour are drawn together, as one path (tens of thousands of messages). The overview draws it
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
			Lines lines = new Lines(device);
			try {
				if (sy * drawing.height() >= RANK_LINE_GAP * drawing.rankLines().size()) {
					for (Drawing.RankLine line : drawing.rankLines()) {
						for (int point = 1; point < line.points().size(); point++) {
							Drawing.Point from = line.points().get(point - 1);
							Drawing.Point to = line.points().get(point);
							lines.add(from.x() * sx, from.y() * sy, to.x() * sx, to.y() * sy, Style.RANK_LINE);
						}
					}
				}
				for (Drawing.Collective collective : drawing.collectives()) {
					lines.add(collective.x() * sx, collective.y1() * sy, collective.x() * sx, collective.y2() * sy, Style.COLLECTIVE);
				}
				for (Drawing.Arrow arrow : drawing.arrows()) {
					lines.add(arrow.x1() * sx, arrow.y1() * sy, arrow.x2() * sx, arrow.y2() * sy, arrow.rgb());
				}
				lines.draw(gc, colors);
			} finally {
				lines.dispose();
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

	/**
	 * The lines of a summary, a path per colour, each line once: a stroke of a path costs little more
	 * than one line, where a call per line would cost the paint of every message.
	 */
	private static final class Lines {

		private final Device device;
		private final Set<Stroke> added = new HashSet<>();
		/** The path of each colour, in the order of their first line: the messages over the rank lines. */
		private final Map<Integer, Path> paths = new LinkedHashMap<>();

		Lines(Device device) {
			this.device = device;
		}

		/** Adds a line unless the same line is added already. */
		void add(double x1, double y1, double x2, double y2, int rgb) {
			Stroke stroke = new Stroke((int) Math.round(x1), (int) Math.round(y1), (int) Math.round(x2), (int) Math.round(y2), rgb);
			if (added.add(stroke)) {
				Path path = paths.computeIfAbsent(rgb, key -> new Path(device));
				path.moveTo(stroke.x1(), stroke.y1());
				path.lineTo(stroke.x2(), stroke.y2());
			}
		}

		/** Strokes every path, crisp as single lines are. */
		void draw(GC gc, TimelineFigures.ColorCache colors) {
			gc.setAntialias(SWT.OFF);
			gc.setLineWidth(1);
			paths.forEach((rgb, path) -> {
				gc.setForeground(colors.get(rgb));
				gc.drawPath(path);
			});
		}

		void dispose() {
			paths.values().forEach(Path::dispose);
		}
	}
}
