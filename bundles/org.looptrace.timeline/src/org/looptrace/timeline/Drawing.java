// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.Tokens;

/**
 * The timeline of a model as a picture, in pixels from the upper-left corner: immutable, made of
 * plain records, drawn as it is by every renderer. Horizontal positions come from a Lamport clock
 * in ticks ({@link #ticks()} in all, each element keeps its ticks too); each element names the
 * construct it stands for by its construct path ({@code 3.2}), so a view can link a selection with
 * the model editor and find what lies under the pointer ({@link #constructAt}).
 *
 * @param width       the picture's width
 * @param height      the picture's height
 * @param ticks       the length of the model in Lamport ticks
 * @param rankLines   one line per rank drawn, moving vertically to meet the loops it takes part in
 * @param boxes       one box per loop drawn, outer loops before the loops they hold
 * @param marks       one mark per event occurrence drawn (every send, receive, collective part and local event)
 * @param arrows      messages from a send to a receive
 * @param collectives vertical lines over the group of a collective
 * @param brackets    local events: MPI call and return brackets, other local events as ticks
 * @param labels      rank numbers at the start of rank lines and beside boxes whose lines moved
 * @param legend      the colour of every tag, in the order tags first appear
 */
public record Drawing(double width, double height, long ticks, List<RankLine> rankLines, List<Box> boxes, List<Mark> marks,
		List<Arrow> arrows, List<Collective> collectives, List<Bracket> brackets, List<Label> labels, List<TagColor> legend) {

	public Drawing {
		rankLines = List.copyOf(rankLines);
		boxes = List.copyOf(boxes);
		marks = List.copyOf(marks);
		arrows = List.copyOf(arrows);
		collectives = List.copyOf(collectives);
		brackets = List.copyOf(brackets);
		labels = List.copyOf(labels);
		legend = List.copyOf(legend);
	}

	/** Whether nothing is drawn: no rank line, as for a model that holds no event (empty, or of comments only). */
	public boolean isEmpty() {
		return rankLines.isEmpty();
	}

	/**
	 * What the CLI and the view say instead of drawing an {@linkplain #isEmpty() empty} drawing.
	 *
	 * @param model names the model (its file)
	 */
	public static String nothingToDraw(Object model) {
		return model + " holds no event of any rank: there is nothing to draw.";
	}

	/** A point of the picture. */
	public record Point(double x, double y) {
	}

	/** The line of one rank: horizontal runs joined where the line moves to or from a loop box. */
	public record RankLine(int rank, List<Point> points) {
		public RankLine {
			points = List.copyOf(points);
		}
	}

	/**
	 * A loop.
	 *
	 * @param path      the loop's construct path
	 * @param depth     1 for a loop of the model's top, one more per enclosing loop (the gray level)
	 * @param count     iterations (of the first iteration of the enclosing loops, when bounds vary)
	 * @param overRanks whether the loop's index is a rank (a folded loop, laid out rank by rank)
	 * @param collapsed drawn closed: nothing inside it is drawn
	 * @param moved     whether some of its rank lines are not in their usual place, so its ranks are labelled
	 * @param ranks     the ranks drawn inside it
	 * @param countX    where its count is written: in its upper-left corner, below the count of a loop
	 *                  around it that starts at the same tick
	 * @param countY    the top of its count (its baseline at {@code countY} + the font size)
	 * @param countShown whether its count is written: it fits in the box and clears every count written
	 *                  before it (a box too narrow for its count leaves it to the box's tooltip), and no
	 *                  count around it stands for it
	 * @param nestedCounts the counts of the loops nested at its corner in boxes too low to write them
	 *                  below its own, outermost first: its count stands for them ({@code ×12…}), its
	 *                  tooltip gives them (side by side, {@code ×12×5} would read as one number)
	 */
	public record Box(String path, int depth, long count, boolean overRanks, boolean collapsed, boolean moved, long startTick,
			long endTick, RankSet ranks, double x, double y, double width, double height, double countX, double countY,
			boolean countShown, List<Long> nestedCounts) {

		public Box {
			nestedCounts = List.copyOf(nestedCounts);
		}

		/** The count as written in the box: {@code ×20}, followed by {@code …} when it stands for counts nested at its corner. */
		public String countText() {
			return countText(count) + (nestedCounts.isEmpty() ? "" : "\u2026");
		}

		/** The box, its count standing for one more count nested at its corner, and written or not. */
		public Box withNestedCount(long nested, boolean shown) {
			List<Long> counts = new ArrayList<>(nestedCounts);
			counts.add(nested);
			return new Box(path, depth, count, overRanks, collapsed, moved, startTick, endTick, ranks, x, y, width, height, countX,
					countY, shown, counts);
		}

		/** The text of a count of iterations. */
		public static String countText(long count) {
			return "\u00d7" + count;
		}
	}

	/** The kinds of events. */
	public enum EventKind {
		SEND, RECV, SYNC, LOCAL
	}

	/** One occurrence of an event at its place on the line of its owner. */
	public record Mark(String path, EventKind kind, int rank, long tick, double x, double y) {
	}

	/**
	 * A message.
	 *
	 * @param sendPath the send's construct path, null when no send of the model matches the receive
	 * @param recvPath the receive's construct path
	 * @param sendTick the send's tick; for a message of the previous iteration of the loop (its send
	 *                 comes after the receive in the body), the tick of that send one body length
	 *                 earlier, so always before {@code recvTick}
	 * @param carried  sent in the previous iteration of a loop (or unmatched): drawn from the box's
	 *                 left edge, {@code x1} clipped there
	 */
	public record Arrow(@Nullable String sendPath, String recvPath, int src, int dst, String tag, int rgb, long sendTick,
			long recvTick, boolean carried, double x1, double y1, double x2, double y2) {
	}

	/** A collective over the drawn ranks of its group, with the paths of the sync events that make it. */
	public record Collective(List<String> paths, String name, RankSet group, long tick, double x, double y1, double y2) {
		public Collective {
			paths = List.copyOf(paths);
		}
	}

	/** How a local event is drawn. */
	public enum BracketKind {
		/** {@code local call F}: an opening bracket. */
		CALL,
		/** {@code local return F}: a closing bracket. */
		RETURN,
		/** Any other local event: a tick. */
		OTHER
	}

	/** A local event; {@code text} is its words. */
	public record Bracket(String path, BracketKind kind, int rank, long tick, String text, double x, double y) {
	}

	/** A rank number: at the left of its line ({@code path} null) or beside a box whose lines moved. */
	public record Label(String text, @Nullable String path, double x, double y, double width, double height) {

		/** Whether two labels share some of the picture. */
		public boolean overlaps(Label other) {
			return x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height;
		}
	}

	/**
	 * The colour of a tag, as 0xRRGGBB, the upper-left corner of its entry in the legend and the
	 * entry's width (its swatch and its text, {@code tag} and {@link #text()}).
	 */
	public record TagColor(String tag, int rgb, double x, double y, double width) {

		/** The tag as the legend writes it after the word "tag" ({@link Drawing#tagText}). */
		public String text() {
			return tagText(tag);
		}
	}

	/**
	 * A tag as text to read after the word "tag": a number or a communicator's tag ({@code 7},
	 * {@code c33.3014}) as it is, a symbol in quotes as model text quotes a string ({@code "tag2"}),
	 * so that a symbol is not read as more words of the sentence.
	 */
	public static String tagText(String tag) {
		return Tokens.isNumber(tag) || Tokens.communicatorEnd(tag) >= 0 ? tag : Tokens.quote(tag);
	}

	/**
	 * The construct drawn at a point: an event's mark, bracket, arrow head or collective near it,
	 * otherwise the innermost box around it; null when there is none.
	 */
	public @Nullable String constructAt(double x, double y) {
		double near = 4;
		for (Mark mark : marks) {
			if (Math.abs(mark.x() - x) <= near && Math.abs(mark.y() - y) <= near) {
				return mark.path();
			}
		}
		for (Collective collective : collectives) {
			if (Math.abs(collective.x() - x) <= near && y >= collective.y1() - near && y <= collective.y2() + near) {
				return collective.paths().get(0);
			}
		}
		for (Arrow arrow : arrows) {
			if (distance(x, y, arrow) <= near) {
				return arrow.recvPath();
			}
		}
		return loopAt(x, y);
	}

	/** The innermost loop whose box holds a point of the picture, null outside every box. */
	public @Nullable String loopAt(double x, double y) {
		String inner = null;
		for (Box box : boxes) {
			if (x >= box.x() && x <= box.x() + box.width() && y >= box.y() && y <= box.y() + box.height()) {
				inner = box.path(); // boxes come outer first
			}
		}
		return inner;
	}

	/** A rectangle of the picture. */
	public record Bounds(double x, double y, double width, double height) {
	}

	/**
	 * Where a construct is drawn, to show a selection made in the editor: the box of a loop, or
	 * the rectangle around every mark, arrow end and collective of an event; null when it is not
	 * drawn (hidden by the options).
	 */
	public @Nullable Bounds bounds(String path) {
		for (Box box : boxes) {
			if (box.path().equals(path)) {
				return new Bounds(box.x(), box.y(), box.width(), box.height());
			}
		}
		double[] extent = { Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE };
		for (Mark mark : marks) {
			if (mark.path().equals(path)) {
				include(extent, mark.x(), mark.y());
			}
		}
		for (Collective collective : collectives) {
			if (collective.paths().contains(path)) {
				include(extent, collective.x(), collective.y1());
				include(extent, collective.x(), collective.y2());
			}
		}
		return extent[0] > extent[2] ? null : new Bounds(extent[0], extent[1], extent[2] - extent[0], extent[3] - extent[1]);
	}

	private static void include(double[] extent, double x, double y) {
		extent[0] = Math.min(extent[0], x);
		extent[1] = Math.min(extent[1], y);
		extent[2] = Math.max(extent[2], x);
		extent[3] = Math.max(extent[3], y);
	}

	private static double distance(double x, double y, Arrow arrow) {
		double dx = arrow.x2() - arrow.x1();
		double dy = arrow.y2() - arrow.y1();
		double length = dx * dx + dy * dy;
		double t = length == 0 ? 0 : Math.max(0, Math.min(1, ((x - arrow.x1()) * dx + (y - arrow.y1()) * dy) / length));
		return Math.hypot(x - arrow.x1() - t * dx, y - arrow.y1() - t * dy);
	}
}
