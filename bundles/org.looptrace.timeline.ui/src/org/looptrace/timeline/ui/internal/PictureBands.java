// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.Arrays;
import java.util.List;

import org.eclipse.draw2d.geometry.Rectangle;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.Drawing.Arrow;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.Drawing.Bracket;
import org.looptrace.timeline.Drawing.Collective;
import org.looptrace.timeline.Drawing.Mark;
import org.looptrace.timeline.Drawing.Point;
import org.looptrace.timeline.Drawing.RankLine;
import org.looptrace.timeline.Drawing.TagColor;

/**
 * The elements of a drawing numbered in the order of the renderers, and found by where they are
 * drawn: the picture cut in horizontal bands, each band listing the elements that reach into it. A
 * picture of many ranks is tall and as wide as the view, so bands find what a region shows without
 * looking at the rest. Made without SWT, in the job that lays the model out: at 10^4 ranks and more
 * the drawing has hundreds of thousands of elements.
 */
final class PictureBands {

	/** The kinds of elements, in the order of the renderers: a figure added later is drawn over those before it. */
	enum Kind {
		BOX, RANK_LINE, COLLECTIVE, MARK, ARROW, BRACKET,
		/** The counts of the boxes, over every box and line: a count of an outer loop may lie on a box it holds, the first rank line crosses it. */
		COUNT, LABEL, TAG
	}

	private static final Kind[] KINDS = Kind.values();
	/** The height of a band, in the layout's pixels: about a view's height at zoom 1. */
	private static final int BAND = 512;
	/** How far a figure may draw beyond its element's points (heads, marks, brackets), in pixels. */
	private static final int MARGIN = 12;

	private final Drawing drawing;
	/** The number of the first element of each kind, and after the last the number of elements. */
	private final int[] firsts = new int[KINDS.length + 1];
	private final int[][] elements;
	private final Rectangle[] extents;

	/** The elements of a drawing, filed in bands. */
	PictureBands(Drawing drawing) {
		this.drawing = drawing;
		for (Kind kind : KINDS) {
			firsts[kind.ordinal() + 1] = firsts[kind.ordinal()] + elements(kind).size();
		}
		extents = new Rectangle[firsts[KINDS.length]];
		int bands = Math.max(1, (int) Math.ceil(drawing.height() / BAND) + 1);
		int[] sizes = new int[bands];
		elements = new int[bands][];
		for (int band = 0; band < bands; band++) {
			elements[band] = new int[8];
		}
		for (int element = 0; element < extents.length; element++) {
			Rectangle extent = extentOf(element);
			extents[element] = extent;
			if (extent.isEmpty()) {
				continue;
			}
			for (int band = band(extent.y); band <= band(extent.bottom()); band++) {
				if (sizes[band] == elements[band].length) {
					elements[band] = Arrays.copyOf(elements[band], 2 * sizes[band]);
				}
				elements[band][sizes[band]++] = element;
			}
		}
		for (int band = 0; band < bands; band++) {
			elements[band] = Arrays.copyOf(elements[band], sizes[band]);
		}
	}

	/** The drawing. */
	Drawing drawing() {
		return drawing;
	}

	/** How many elements the drawing has. */
	int count() {
		return extents.length;
	}

	/** The kind of an element. */
	Kind kind(int element) {
		int kind = 0;
		while (firsts[kind + 1] <= element) {
			kind++;
		}
		return KINDS[kind];
	}

	/** The element of the drawing's list of its kind that an element is. */
	Object element(int element) {
		Kind kind = kind(element);
		return elements(kind).get(element - firsts[kind.ordinal()]);
	}

	/** The elements whose extent meets a region, in band order, an element reaching into several bands once each band. */
	int[] within(Rectangle region) {
		int first = band(region.y);
		int last = band(region.bottom());
		int total = 0;
		for (int band = first; band <= last; band++) {
			total += elements[band].length;
		}
		int[] found = new int[total];
		int count = 0;
		for (int band = first; band <= last; band++) {
			for (int element : elements[band]) {
				if (extents[element].intersects(region)) {
					found[count++] = element;
				}
			}
		}
		return Arrays.copyOf(found, count);
	}

	/** Where the figures of an element may paint, at least. */
	Rectangle extent(int element) {
		return extents[element];
	}

	private int band(int y) {
		return Math.max(0, Math.min(elements.length - 1, y / BAND));
	}

	private List<?> elements(Kind kind) {
		return switch (kind) {
		case BOX, COUNT -> drawing.boxes();
		case RANK_LINE -> drawing.rankLines();
		case COLLECTIVE -> drawing.collectives();
		case MARK -> drawing.marks();
		case ARROW -> drawing.arrows();
		case BRACKET -> drawing.brackets();
		case LABEL -> drawing.labels();
		case TAG -> drawing.legend();
		};
	}

	/**
	 * Where the figures of an element may paint, at least: a few pixels more than their bounds, as
	 * the text of a count is measured only once its figure is made.
	 */
	private Rectangle extentOf(int element) {
		Object of = element(element);
		if (kind(element) == Kind.COUNT) {
			Box box = (Box) of;
			// a label of the view's small font: about 7 pixels a character, a line 14 pixels high
			return span(box.countX(), box.countY(), box.countX() + 8 * box.countText().length() + 8, box.countY() + 16);
		}
		return switch (of) {
		case Box box -> span(box.x(), box.y(), box.x() + box.width(), box.y() + box.height());
		case RankLine line -> extent(line);
		case Collective collective -> span(collective.x(), collective.y1(), collective.x(), collective.y2());
		case Mark mark -> span(mark.x(), mark.y(), mark.x(), mark.y());
		case Arrow arrow -> span(Math.min(arrow.x1(), arrow.x2()), Math.min(arrow.y1(), arrow.y2()), Math.max(arrow.x1(), arrow.x2()),
				Math.max(arrow.y1(), arrow.y2()));
		case Bracket bracket -> span(bracket.x(), bracket.y(), bracket.x(), bracket.y());
		case Drawing.Label label -> span(label.x(), label.y(), label.x() + label.width(), label.y() + label.height());
		case TagColor tag -> span(tag.x(), tag.y(), tag.x() + tag.width() + 16, tag.y() + 14);
		default -> throw new IllegalStateException("not an element of a drawing: " + of);
		};
	}

	private static Rectangle extent(RankLine line) {
		if (line.points().isEmpty()) {
			return new Rectangle();
		}
		double[] extent = { Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE };
		for (Point point : line.points()) {
			extent[0] = Math.min(extent[0], point.x());
			extent[1] = Math.min(extent[1], point.y());
			extent[2] = Math.max(extent[2], point.x());
			extent[3] = Math.max(extent[3], point.y());
		}
		return span(extent[0], extent[1], extent[2], extent[3]);
	}

	/** The rectangle between two corners, widened by what any figure draws beyond its element's points. */
	private static Rectangle span(double left, double top, double right, double bottom) {
		int x = (int) Math.floor(left) - MARGIN;
		int y = (int) Math.floor(top) - MARGIN;
		return new Rectangle(x, y, (int) Math.ceil(right) + MARGIN - x, (int) Math.ceil(bottom) + MARGIN - y);
	}
}
