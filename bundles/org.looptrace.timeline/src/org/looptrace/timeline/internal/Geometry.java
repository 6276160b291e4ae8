// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.RankSet;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.Drawing.Arrow;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.Drawing.Bracket;
import org.looptrace.timeline.Drawing.BracketKind;
import org.looptrace.timeline.Drawing.Collective;
import org.looptrace.timeline.Drawing.EventKind;
import org.looptrace.timeline.Drawing.Label;
import org.looptrace.timeline.Drawing.Mark;
import org.looptrace.timeline.Drawing.Point;
import org.looptrace.timeline.Drawing.RankLine;
import org.looptrace.timeline.Drawing.TagColor;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.render.Style;

/**
 * Rows and pixels of placed ticks. Every rank drawn has its usual row (its order among the ranks
 * drawn). A loop whose ranks are on consecutive rows of the loop around it keeps them; otherwise
 * (figure 5d) the loop is a tight box of as many rows as it has ranks, their lines moved into it
 * in their usual order, at the first free rows that no loop running at the same time uses, and
 * the ranks whose lines it moved are labelled beside it, unless the box before it on that row
 * labelled the same rank there. A rank entering a loop of the body where the box starts takes that
 * loop's row in the box from the start, so that no line jogs to a row and back at one tick.
 */
public final class Geometry {

	/** Pixels: the margin left of tick 0 (rank numbers), right, top, the height of a row. */
	static final double LEFT = 46;
	static final double RIGHT = 12;
	static final double TOP = 16;
	static final double ROW = 22;
	static final double LEGEND_ROW = 16;
	/** The least room of a legend entry, so that short ones line up; longer ones take their width and a gap. */
	static final double LEGEND_ENTRY = 110;
	static final double LEGEND_GAP = 12;
	/** Font size of labels. */
	public static final double FONT = 10;
	/** The width of one character of a label. */
	public static final double CHAR = 6.2;
	/** Pixels between a count and the count below it: the IDE's font may be taller than FONT + 2. */
	private static final double COUNT_GAP = 4;
	/** Places tried for a rank label beside a box. */
	private static final int LABEL_STEPS = 6;

	private static final int[] PALETTE = { 0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd, 0x8c564b, 0xe377c2, 0x17becf,
			0xbcbd22, 0x7f7f7f, 0x393b79, 0xad494a, 0x637939, 0x8c6d31, 0x7b4173, 0x3182bd };

	private final Placed.Timeline ticks;
	private final LayoutOptions options;
	private final int[] visible;
	private final int[] usualRow;
	private final double scale;
	/** Rows drawn: one per rank drawn, and those added below for loops that fit nowhere else. */
	private int rowsUsed;

	private final List<Box> boxes = new ArrayList<>();
	private final List<Label> labels = new ArrayList<>();
	/**
	 * The rank last labelled beside a box on each row: a box moving the same rank to the same row
	 * again (the boxes of a wavefront, one after the other) does not label it again.
	 */
	private final Map<Integer, Integer> labelledOnRow = new HashMap<>();
	/** Where the counts of boxes are written, to keep them apart. */
	private final List<Label> counts = new ArrayList<>();
	/** Labels by the row they are on, to keep them apart. */
	private final Map<Long, TreeMap<Double, Label>> labelsByY = new HashMap<>();
	/** The horizontal positions of the marks of each row, which labels keep clear of. */
	private final Map<Long, TreeSet<Double>> marksByY = new HashMap<>();
	/** The ranks to label beside boxes, placed once every mark is known. */
	private final List<BesideBox> besideBoxes = new ArrayList<>();
	private final Map<Integer, List<Point>> lines = new LinkedHashMap<>();

	/** A rank to label left of a box at {@code x}, on the row at {@code y}. */
	private record BesideBox(String text, String path, double x, double y) {
	}

	private Geometry(Placed.Timeline ticks, LayoutOptions options) {
		this.ticks = ticks;
		this.options = options;
		RankSet wanted = options.ranks();
		visible = ticks.ranks().stream().filter(rank -> wanted == null || wanted.contains(rank)).toArray();
		usualRow = new int[ticks.ranks().length()];
		Arrays.fill(usualRow, -1);
		for (int row = 0; row < visible.length; row++) {
			usualRow[visible[row]] = row;
		}
		scale = (options.width() - LEFT - RIGHT) / Math.max(1, ticks.length());
		rowsUsed = visible.length;
	}

	/** The drawing of placed ticks with the options' ranks, collapse depth and width. */
	static Drawing draw(Placed.Timeline ticks, LayoutOptions options) {
		return new Geometry(ticks, options).draw();
	}

	private Drawing draw() {
		PlacedLoop root = ticks.root();
		root.rows = new int[root.ranks.length];
		for (int i = 0; i < root.ranks.length; i++) {
			root.rows[i] = usualRow[root.ranks[i]];
		}
		root.top = 0;
		root.rowCount = visible.length;
		rows(root);
		boxes(root);
		for (int rank : visible) {
			lines.put(rank, new ArrayList<>());
		}
		long[] cursor = new long[usualRow.length];
		lineSegments(root, cursor);
		List<RankLine> rankLines = new ArrayList<>();
		lines.forEach((rank, points) -> rankLines.add(new RankLine(rank, points)));

		List<Mark> marks = new ArrayList<>();
		List<Bracket> brackets = new ArrayList<>();
		for (Placed.Event event : ticks.events()) {
			PlacedLoop scope = event.scope();
			if (!inside(scope) || visibleRow(event.rank()) < 0) {
				continue;
			}
			double x = center(event.tick());
			double y = y(scope.rowOf(event.rank()));
			marks.add(new Mark(event.path(), event.kind(), event.rank(), event.tick(), x, y));
			if (event.kind() == EventKind.LOCAL) {
				String first = event.text().split(" ", 2)[0];
				BracketKind kind = first.equals("call") ? BracketKind.CALL : first.equals("return") ? BracketKind.RETURN : BracketKind.OTHER;
				brackets.add(new Bracket(event.path(), kind, event.rank(), event.tick(), event.text(), x, y));
			}
		}
		labels(marks);
		Map<String, Integer> colours = new LinkedHashMap<>();
		List<Arrow> arrows = new ArrayList<>();
		for (Placed.Message message : ticks.messages()) {
			Arrow arrow = arrow(message, colours);
			if (arrow != null) {
				arrows.add(arrow);
			}
		}
		List<Collective> collectives = new ArrayList<>();
		for (Placed.Collective collective : ticks.collectives()) {
			if (!inside(collective.scope())) {
				continue;
			}
			double top = Double.MAX_VALUE;
			double bottom = -Double.MAX_VALUE;
			for (int member : collective.members()) {
				int row = collective.scope().rowOf(member);
				if (row >= 0) {
					top = Math.min(top, y(row));
					bottom = Math.max(bottom, y(row));
				}
			}
			if (top <= bottom) {
				collectives.add(new Collective(collective.paths(), collective.name(), collective.group(), collective.tick(),
						center(collective.tick()), top - ROW / 3, bottom + ROW / 3));
			}
		}
		double rowsBottom = TOP + Math.max(1, rowsUsed) * ROW + 8;
		List<TagColor> legend = legend(colours, rowsBottom + 4);
		double height = legend.isEmpty() ? rowsBottom : legend.get(legend.size() - 1).y() + LEGEND_ROW + 4;
		return new Drawing(options.width(), height, ticks.length(), rankLines, boxes, marks, arrows, collectives, brackets, labels, legend);
	}

	/**
	 * The legend's entries from {@code top} down, in rows from the left margin: each entry as wide
	 * as its swatch and text, at least {@link #LEGEND_ENTRY}; an entry that would pass the right
	 * edge starts the next row (alone on its row, a long one may pass it).
	 */
	private List<TagColor> legend(Map<String, Integer> colours, double top) {
		List<TagColor> legend = new ArrayList<>();
		double x = LEFT;
		double y = top;
		for (Map.Entry<String, Integer> colour : colours.entrySet()) {
			double width = Style.SWATCH_WIDTH + 4 + ("tag " + Drawing.tagText(colour.getKey())).length() * CHAR;
			double room = Math.max(LEGEND_ENTRY, width + LEGEND_GAP);
			if (x > LEFT && x + width > options.width() - RIGHT) {
				x = LEFT;
				y += LEGEND_ROW;
			}
			legend.add(new TagColor(colour.getKey(), colour.getValue(), x, y, width));
			x += room;
		}
		return legend;
	}

	// ---- rows ----

	private int visibleRow(int rank) {
		return rank < usualRow.length ? usualRow[rank] : -1;
	}

	private boolean open(PlacedLoop loop) {
		return loop.depth <= options.collapse() && !options.closed().contains(loop.path);
	}

	/** The innermost loop around (or equal to) {@code scope} that is drawn open or closed. */
	private PlacedLoop shown(PlacedLoop scope) {
		PlacedLoop shown = scope;
		for (PlacedLoop loop = scope; loop != null; loop = loop.parent) {
			if (!open(loop)) {
				shown = loop;
			}
		}
		return shown;
	}

	/** Whether what is placed directly in {@code scope} is drawn: it and every loop around it are open, and some of its ranks are. */
	private boolean inside(PlacedLoop scope) {
		if (scope.hidden) {
			return false;
		}
		for (PlacedLoop loop = scope; loop != null; loop = loop.parent) {
			if (!open(loop)) {
				return false; // a loop closed by its path may hold open ones
			}
		}
		return true;
	}

	/**
	 * Gives the loops of {@code parent}'s body their rows, then theirs; then, below the model's top,
	 * gives each rank that enters one of them where {@code parent} starts that loop's row in
	 * {@code parent} too ({@link #settle}), from the innermost loops out, so that a rank entering
	 * several boxes at one tick takes the row of the innermost at once.
	 */
	private void rows(PlacedLoop parent) {
		List<PlacedLoop> children = place(parent);
		for (PlacedLoop child : children) {
			if (!child.hidden) {
				rows(child);
			}
		}
		if (parent.parent != null) {
			settle(parent, children);
		}
	}

	/** The boxes of the loops of {@code parent}'s body and theirs, outer loops first. */
	private void boxes(PlacedLoop parent) {
		for (PlacedLoop child : byStart(parent)) {
			if (!child.hidden) {
				box(child);
				boxes(child);
			}
		}
	}

	private static List<PlacedLoop> byStart(PlacedLoop loop) {
		List<PlacedLoop> children = new ArrayList<>(loop.children);
		children.sort(Comparator.comparingLong(child -> child.start));
		return children;
	}

	/** Gives the loops of {@code parent}'s body their rows; returns them in the order they start. */
	private List<PlacedLoop> place(PlacedLoop parent) {
		List<PlacedLoop> children = byStart(parent);
		List<PlacedLoop> placed = new ArrayList<>();
		List<PlacedLoop> scattered = new ArrayList<>();
		for (PlacedLoop child : children) {
			List<Integer> rows = new ArrayList<>();
			for (int rank : child.ranks) {
				int row = parent.rowOf(rank);
				if (row >= 0) {
					rows.add(row);
				}
			}
			child.rows = new int[child.ranks.length];
			Arrays.fill(child.rows, -1);
			if (rows.isEmpty()) {
				child.hidden = true;
				child.rowCount = 0;
				continue;
			}
			int min = rows.stream().mapToInt(Integer::intValue).min().getAsInt();
			int max = rows.stream().mapToInt(Integer::intValue).max().getAsInt();
			child.rowCount = rows.size();
			if (max - min + 1 == rows.size()) {
				child.top = min;
				for (int i = 0; i < child.ranks.length; i++) {
					child.rows[i] = parent.rowOf(child.ranks[i]);
				}
				placed.add(child);
			} else {
				child.top = min;
				scattered.add(child);
			}
		}
		if (!pack(scattered, placed, parent, false) && parent.parent != null) {
			// The loops keeping their rows leave no room for one running beside them: all of them
			// are moved, in the order they start, to the first rows free.
			List<PlacedLoop> shown = children.stream().filter(child -> !child.hidden).toList();
			pack(shown, new ArrayList<>(), parent, true);
		}
		return children;
	}

	/**
	 * Gives each of {@code loops} as many rows as it has ranks drawn, the ranks in the order of
	 * their rows in {@code parent}, at its preferred top ({@code top}, or {@code parent}'s when
	 * {@code first}) or else the first rows no loop of {@code placed} running at the same time uses;
	 * adds it to {@code placed}. False when some loop found no such rows and overlaps another.
	 */
	private boolean pack(List<PlacedLoop> loops, List<PlacedLoop> placed, PlacedLoop parent, boolean first) {
		boolean fits = true;
		for (PlacedLoop child : loops) {
			List<PlacedLoop> concurrent = new ArrayList<>();
			for (PlacedLoop other : placed) {
				if (other.start < child.end && child.start < other.end) {
					concurrent.add(other);
				}
			}
			int top = free(first ? parent.top : child.top, child.rowCount, parent, concurrent);
			fits &= isFree(top, child.rowCount, concurrent);
			// The ranks keep their order inside the box: the order of their rows outside it.
			Integer[] order = new Integer[child.ranks.length];
			for (int i = 0; i < order.length; i++) {
				order[i] = i;
			}
			Arrays.sort(order, Comparator.comparingInt(i -> parent.rowOf(child.ranks[i])));
			int row = top;
			for (int i : order) {
				if (parent.rowOf(child.ranks[i]) >= 0) {
					child.rows[i] = row++;
				}
			}
			child.top = top;
			placed.add(child);
		}
		return fits;
	}

	/**
	 * Moves the ranks of a loop to the rows they have in the loops of its body that start with it,
	 * the other ranks to the rows left, in their order. Otherwise a rank moved into the loop's box
	 * and at once into an inner box would jog to a row where its line never runs, and be labelled
	 * there. The rows of loops starting together are apart, so each row is wanted by one rank at
	 * most; the loop keeps its rows, so its box and those of its body stay where they are.
	 */
	private static void settle(PlacedLoop loop, List<PlacedLoop> children) {
		int[] wanted = new int[loop.ranks.length];
		Arrays.fill(wanted, -1);
		BitSet taken = new BitSet();
		BitSet entered = new BitSet(); // ranks whose first inner loop is known
		for (PlacedLoop child : children) {
			if (child.hidden) {
				continue;
			}
			for (int i = 0; i < child.ranks.length; i++) {
				int at = Arrays.binarySearch(loop.ranks, child.ranks[i]);
				if (at < 0 || child.rows[i] < 0 || entered.get(at)) {
					continue;
				}
				entered.set(at);
				if (child.start == loop.start && !taken.get(child.rows[i])) {
					wanted[at] = child.rows[i];
					taken.set(child.rows[i]);
				}
			}
		}
		Integer[] others = new Integer[loop.ranks.length];
		int count = 0;
		for (int i = 0; i < loop.ranks.length; i++) {
			if (loop.rows[i] >= 0 && wanted[i] < 0) {
				others[count++] = i;
			}
		}
		Arrays.sort(others, 0, count, Comparator.comparingInt(i -> loop.rows[i]));
		int free = loop.top;
		for (int k = 0; k < count; k++) {
			free = taken.nextClearBit(free);
			wanted[others[k]] = free++;
		}
		for (int i = 0; i < loop.ranks.length; i++) {
			if (loop.rows[i] >= 0) {
				loop.rows[i] = wanted[i];
			}
		}
	}

	/**
	 * The first row from which {@code count} rows of the parent are free of the concurrent loops.
	 * The rows of the concurrent loops may leave no such gap (loops on ranks 0,2 and on 1 at the
	 * same time): at the top of the model, the loop then gets rows below those of the ranks.
	 */
	private int free(int preferred, int count, PlacedLoop parent, List<PlacedLoop> concurrent) {
		int first = parent.top;
		int last = parent.parent == null ? Integer.MAX_VALUE - count : parent.top + parent.rowCount - count;
		if (preferred <= last && isFree(preferred, count, concurrent)) {
			return preferred;
		}
		for (int top = first; top <= last; top++) {
			if (isFree(top, count, concurrent)) {
				rowsUsed = Math.max(rowsUsed, top + count);
				return top;
			}
		}
		// Inside a loop, when its rows cannot hold the loops of its body that run at the same time.
		return Math.max(first, Math.min(preferred, last));
	}

	private static boolean isFree(int top, int count, List<PlacedLoop> concurrent) {
		for (PlacedLoop other : concurrent) {
			if (top < other.top + other.rowCount && other.top < top + count) {
				return false;
			}
		}
		return true;
	}

	// ---- pixels ----

	private double x(double tick) {
		return LEFT + tick * scale;
	}

	private double center(long tick) {
		return x(tick + 0.5);
	}

	private static double y(int row) {
		return TOP + row * ROW + ROW / 2;
	}

	private void box(PlacedLoop loop) {
		for (PlacedLoop around = loop.parent; around != null; around = around.parent) {
			if (!open(around)) {
				return; // inside a closed loop
			}
		}
		boolean moved = false;
		BitSet drawn = new BitSet();
		for (int i = 0; i < loop.ranks.length; i++) {
			if (loop.rows[i] >= 0) {
				drawn.set(loop.ranks[i]);
				moved |= loop.rows[i] != usualRow[loop.ranks[i]];
			}
		}
		double left = x(loop.start);
		double right = x(loop.end);
		double inset = Math.min(1.5 * (loop.depth - 1), (right - left) / 4);
		double height = loop.rowCount * ROW - 4;
		double vertical = Math.min(2.0 * (loop.depth - 1), height * 0.3);
		double top = y(loop.top) - ROW / 2 + 2 + vertical;
		double bottom = top + height - 2 * vertical;
		// Nested loops starting at the same tick: each count below the one around it, where no font
		// wider than CHAR can write it over the other; in a box too low for that, the count around it
		// stands for it (written side by side, ×12×5 would read as one number).
		double countX = left + inset + 2;
		double countY = top;
		PlacedLoop outer = loop.parent;
		if (outer != null && outer.start == loop.start && outer.depth > 0) {
			if (outer.countBottom + COUNT_GAP + FONT + 2 <= bottom) {
				countX = Math.max(countX, outer.countLeft);
				countY = Math.max(top, outer.countBottom + COUNT_GAP);
			} else {
				loop.countedBy = outer.countedBy == null ? outer : outer.countedBy;
			}
		}
		PlacedLoop countedBy = loop.countedBy;
		boolean countShown = false;
		if (countedBy != null) {
			standFor(countedBy, loop);
		} else {
			String countText = Box.countText(loop.count);
			loop.countLeft = countX;
			loop.countRight = countX + countText.length() * CHAR;
			loop.countBottom = countY + FONT + 2;
			Label count = new Label(countText, loop.path, countX, countY, loop.countRight - countX, FONT + 2);
			countShown = loop.countRight <= right - inset - 1 && counts.stream().noneMatch(count::overlaps);
			if (countShown) {
				counts.add(count);
				loop.countLabel = count;
			}
		}
		Box box = new Box(loop.path, loop.depth, loop.count, loop.overRanks, !open(loop), moved, loop.start, loop.end,
				RankSet.of(drawn.stream().toArray()), left + inset, top, right - left - 2 * inset, height - 2 * vertical, countX,
				countY, countShown, List.of());
		loop.box = boxes.size();
		boxes.add(box);
		if (moved) {
			for (int i = 0; i < loop.ranks.length; i++) {
				if (loop.rows[i] >= 0 && loop.rows[i] != rowAround(loop, loop.ranks[i]) && loop.rows[i] != usualRow[loop.ranks[i]]
						&& !Integer.valueOf(loop.ranks[i]).equals(labelledOnRow.put(loop.rows[i], loop.ranks[i]))) {
					besideBoxes.add(new BesideBox(Integer.toString(loop.ranks[i]), loop.path, box.x(), y(loop.rows[i])));
				}
			}
		}
	}

	/**
	 * Makes the count written for a loop stand for the count of a loop nested at its corner too: an
	 * ellipsis after it (its label a character wider), the nested count among its box's. A count that
	 * no longer fits in its box or clear of the others so is left to the tooltip, as a count too wide.
	 */
	private void standFor(PlacedLoop writer, PlacedLoop nested) {
		Box box = boxes.get(writer.box);
		Label written = writer.countLabel;
		if (box.nestedCounts().isEmpty() && written != null) {
			counts.remove(written);
			Label wider = new Label(written.text() + "\u2026", written.path(), written.x(), written.y(), written.width() + CHAR,
					written.height());
			writer.countRight += CHAR;
			boolean fits = writer.countRight <= box.x() + box.width() - 1 && counts.stream().noneMatch(wider::overlaps);
			writer.countLabel = fits ? wider : null;
			if (fits) {
				counts.add(wider);
			}
		}
		nested.countLeft = writer.countLeft;
		nested.countRight = writer.countRight;
		nested.countBottom = writer.countBottom;
		boxes.set(writer.box, box.withNestedCount(nested.count, writer.countLabel != null));
	}

	/**
	 * The row a rank's line has around a loop: in the innermost loop around it that draws the rank,
	 * else its usual row. A rank is labelled beside a box only where its line leaves that row for
	 * another than its usual one: a line staying on its row, in its usual place or where a box
	 * around it already moved it (and labelled it), or back on its usual row, tells the reader
	 * nothing new.
	 */
	private int rowAround(PlacedLoop loop, int rank) {
		for (PlacedLoop around = loop.parent; around != null; around = around.parent) {
			for (int i = 0; i < around.ranks.length; i++) {
				if (around.ranks[i] == rank && around.rows[i] >= 0) {
					return around.rows[i];
				}
			}
		}
		return usualRow[rank];
	}

	/**
	 * Places the rank numbers once the marks are known: at the left edge of every rank line, then
	 * beside the boxes that moved lines. Labels are on the rows of rank lines, {@link #ROW} apart,
	 * more than a label's half height and a mark's radius: only what is on its own row can touch a label.
	 */
	private void labels(List<Mark> marks) {
		for (Mark mark : marks) {
			marksByY.computeIfAbsent(Math.round(mark.y()), key -> new TreeSet<>()).add(mark.x());
		}
		for (int row = 0; row < visible.length; row++) {
			addLabel(Integer.toString(visible[row]), null, 4, y(row), true);
		}
		for (BesideBox label : besideBoxes) {
			addLabel(label.text(), label.path(), label.x(), label.y(), false);
		}
	}

	/**
	 * Adds a rank number: at {@code x} for the labels of rank lines, otherwise left of a box at
	 * {@code x}, further left past the labels and marks already there (labels of boxes starting at
	 * the same tick, events just before the box), or inside the box, right of its first marks, when
	 * the picture's left edge is reached. Where labels or marks crowd (many boxes or events within
	 * a few pixels), a label that finds no free place in a few steps is left out: it could not be
	 * read anyway, and it would hide events.
	 */
	private void addLabel(String text, @Nullable String path, double x, double y, boolean atX) {
		double width = text.length() * CHAR + 2;
		double height = FONT + 2;
		TreeMap<Double, Label> row = labelsByY.computeIfAbsent(Math.round(y), key -> new TreeMap<>());
		NavigableSet<Double> marks = marksByY.getOrDefault(Math.round(y), new TreeSet<>());
		double left = atX ? x : x - width - 1;
		boolean leftward = !atX;
		for (int step = 0; step < LABEL_STEPS; step++) {
			double[] obstacle = obstacle(row, marks, left, width);
			if (obstacle == null) {
				Label label = new Label(text, path, left, y - height / 2, width, height);
				row.put(left, label);
				labels.add(label);
				return;
			}
			if (leftward && obstacle[0] - width - 1 >= 0) {
				left = obstacle[0] - width - 1;
			} else {
				leftward = false;
				left = Math.max(x + 2, obstacle[1] + 1);
			}
		}
	}

	/**
	 * From the left of the leftmost to the right of the rightmost of the labels and marks of a row
	 * that a label over {@code [left, left + width]} would touch; null when it touches none.
	 */
	private static double @Nullable [] obstacle(TreeMap<Double, Label> row, NavigableSet<Double> marks, double left, double width) {
		double from = Double.MAX_VALUE;
		double to = -Double.MAX_VALUE;
		double radius = Style.MARK_RADIUS;
		NavigableSet<Double> covered = marks.subSet(left - radius, false, left + width + radius, false);
		if (!covered.isEmpty()) {
			from = covered.first() - radius;
			to = covered.last() + radius;
		}
		// The labels of a row never overlap: sorted by their left edges, they are by their right edges too.
		for (Label label : row.headMap(left + width, false).descendingMap().values()) {
			if (label.x() + label.width() <= left) {
				break;
			}
			from = Math.min(from, label.x());
			to = Math.max(to, label.x() + label.width());
		}
		return from > to ? null : new double[] { from, to };
	}

	/** Appends the runs of the rank lines inside {@code loop}, moving them into the loops of its body. */
	private void lineSegments(PlacedLoop loop, long[] cursor) {
		List<PlacedLoop> children = new ArrayList<>(loop.children);
		children.sort(Comparator.comparingLong(child -> child.start));
		if (loop.parent == null) {
			for (int rank : visible) {
				cursor[rank] = 0;
			}
		}
		for (PlacedLoop child : children) {
			if (child.hidden) {
				continue;
			}
			for (int i = 0; i < child.ranks.length; i++) {
				int row = child.rows[i];
				if (row >= 0) {
					int rank = child.ranks[i];
					run(rank, cursor[rank], child.start, loop.rowOf(rank));
					cursor[rank] = child.start;
				}
			}
			if (open(child)) {
				lineSegments(child, cursor);
			} else {
				for (int i = 0; i < child.ranks.length; i++) {
					if (child.rows[i] >= 0) {
						run(child.ranks[i], child.start, child.end, child.rows[i]);
					}
				}
			}
			for (int i = 0; i < child.ranks.length; i++) {
				if (child.rows[i] >= 0) {
					cursor[child.ranks[i]] = child.end;
				}
			}
		}
		for (int i = 0; i < loop.ranks.length; i++) {
			int rank = loop.ranks[i];
			if (loop.rows[i] >= 0) {
				run(rank, cursor[rank], loop.end, loop.rows[i]);
				cursor[rank] = loop.end;
			}
		}
	}

	/**
	 * Appends a run of a rank's line. A run of no length off the rank's usual row is left out: where
	 * the line leaves one box for another at the same tick, it goes straight from the one to the
	 * other rather than jogging to the row of the box around them.
	 */
	private void run(int rank, long from, long to, int row) {
		if (from == to && row != usualRow[rank]) {
			return;
		}
		List<Point> points = lines.get(rank);
		double y = y(row);
		double left = x(from);
		double right = x(to);
		int size = points.size();
		if (size >= 2 && points.get(size - 1).y() == y && points.get(size - 2).y() == y && points.get(size - 1).x() == left) {
			points.set(size - 1, new Point(right, y));
		} else {
			points.add(new Point(left, y));
			points.add(new Point(right, y));
		}
	}

	private @Nullable Arrow arrow(Placed.Message message, Map<String, Integer> colours) {
		Placed.Event recv = message.recv();
		Placed.Event send = message.send();
		if (visibleRow(message.src()) < 0 || visibleRow(message.dst()) < 0) {
			return null;
		}
		PlacedLoop recvScope = shown(recv.scope());
		PlacedLoop sendScope = send == null ? recvScope : shown(send.scope());
		if (!inside(recv.scope()) && (send == null || !inside(send.scope()))) {
			return null;
		}
		int rgb = colours.computeIfAbsent(message.tag(), tag -> PALETTE[colours.size() % PALETTE.length]);
		double x2 = center(recv.tick());
		double y2 = y(recvScope.rowOf(recv.rank()));
		double x1 = message.carried() ? Math.max(center(message.sendTick()), x(recv.scope().start)) : center(message.sendTick());
		double y1 = send == null ? y2 : y(sendScope.rowOf(send.rank()));
		return new Arrow(send == null ? null : send.path(), recv.path(), message.src(), message.dst(), message.tag(), rgb,
				message.sendTick(), recv.tick(), message.carried(), x1, y1, x2, y2);
	}
}
