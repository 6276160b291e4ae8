// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.eclipse.draw2d.Ellipse;
import org.eclipse.draw2d.Figure;
import org.eclipse.draw2d.FreeformLayer;
import org.eclipse.draw2d.FreeformLayout;
import org.eclipse.draw2d.Graphics;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.Label;
import org.eclipse.draw2d.Polyline;
import org.eclipse.draw2d.PositionConstants;
import org.eclipse.draw2d.RectangleFigure;
import org.eclipse.draw2d.geometry.PointList;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Display;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.Drawing.Arrow;
import org.looptrace.timeline.Drawing.Box;
import org.looptrace.timeline.Drawing.Bracket;
import org.looptrace.timeline.Drawing.Collective;
import org.looptrace.timeline.Drawing.Mark;
import org.looptrace.timeline.Drawing.Point;
import org.looptrace.timeline.Drawing.RankLine;
import org.looptrace.timeline.Drawing.TagColor;
import org.looptrace.timeline.TimeColours;
import org.looptrace.timeline.render.Style;

/**
 * The draw2d figures of a {@link Drawing}, one per element, placed where the layout put them:
 * nothing is computed here but colours and tooltips (written when shown). Figures of constructs know
 * their construct path, so the view can highlight the figures of the construct at the editor's caret.
 * Only the elements of a region are given figures ({@link #build(Rectangle, int)}), a slice at a
 * time, so that the cost follows what the view shows and the view can handle its events between
 * slices: a drawing of 10^4 ranks and more has hundreds of thousands of elements. The figures far
 * from the region asked for are removed, so their number stays bounded however much of the picture
 * was shown. Wherever they are added, the figures are drawn in the order of the renderers, as if all
 * were added at once.
 */
final class TimelineFigures {

	/** The colour of a highlighted figure (the construct at the editor's caret). */
	static final int HIGHLIGHT = 0x1565c0;
	/** Below this zoom the text of counts, labels and tags is not drawn: a few pixels high, it would be a smudge. */
	static final double MIN_TEXT_SCALE = 0.5;

	private final FreeformLayer layer = new FreeformLayer();
	private final Map<String, Set<ConstructFigure>> byPath = new HashMap<>();
	private final List<LoopFigure> loops = new ArrayList<>();
	private final List<SegmentFigure> arrows = new ArrayList<>();
	private final ColorCache colors;
	private final Map<String, String> texts;
	private final TimeColours fills;
	private final Map<String, String> timeTooltips;
	/** The tooltip of each figure that has one ({@link FigureToolTip} shows them), written when shown. */
	private final Map<IFigure, Supplier<String>> tooltips = new HashMap<>();
	/** The elements of the drawing in their order, found by position. */
	private final PictureBands bands;
	/** The figures of the elements, in their order. */
	private final FigureGroups groups;
	/** The paths each figure of a construct is found by ({@link #figures(String)}), to forget it when it is removed. */
	private final Map<IFigure, List<String>> pathsOf = new HashMap<>();
	/** The region around which figures were last kept, the others removed. */
	private @Nullable Rectangle kept;
	/** The whole picture. */
	private final Rectangle whole;
	private final Drawing drawing;
	/** The picture drawn from its layout, shown instead of the figures when zoomed out too far for them. */
	private final SummaryFigure summary = new SummaryFigure();
	/** Whether every element of the region last asked for has its figures. */
	private boolean complete;
	private @Nullable String highlightedPath;

	/**
	 * The figures of a drawing, none added yet but the extent of the whole picture: {@link #build(int)}
	 * adds them.
	 *
	 * @param bands        the elements of the drawing, indexed by position
	 * @param texts        the text of each construct by path, for tooltips (may miss some)
	 * @param fills        the colours of loop boxes by time ({@link TimeColours#NONE}: their gray by depth)
	 * @param timeTooltips lines on the time of loops by path, for their tooltips (may miss some)
	 */
	TimelineFigures(PictureBands bands, Map<String, String> texts, ColorCache colors, Font font, TimeColours fills,
			Map<String, String> timeTooltips) {
		this.colors = colors;
		this.texts = texts;
		this.fills = fills;
		this.timeTooltips = timeTooltips;
		this.bands = bands;
		drawing = bands.drawing();
		layer.setLayoutManager(new FreeformLayout());
		layer.setFont(font);
		layer.setOpaque(true);
		layer.setBackgroundColor(colors.get(Style.BACKGROUND));
		// the whole picture, so fitting and scrolling see its margins too, from the first figures on
		whole = new Rectangle(0, 0, round(drawing.width()), round(drawing.height()));
		layer.add(new Figure(), whole.getCopy());
		groups = new FigureGroups(layer, bands.count());
		summary.setVisible(false);
		layer.add(summary, whole.getCopy());
	}

	/**
	 * Draws the picture from its layout instead of its figures ({@link PictureSummary}), or from its
	 * figures again: zoomed out so far that many ranks share a pixel, the figures would cost the
	 * paint of every element of the picture for a blur. Summarized, no figure is to be made.
	 */
	void summarize(boolean on) {
		if (summary.isVisible() != on) {
			summary.setVisible(on);
			groups.setVisible(!on);
		}
		complete = on;
	}

	/** Whether the picture is drawn from its layout instead of its figures. */
	boolean summarized() {
		return summary.isVisible();
	}

	/** Adds the figures of at most {@code most} more elements of the whole picture, in its order; see {@link #build(Rectangle, int)}. */
	boolean build(int most) {
		return build(whole, most);
	}

	/**
	 * Adds the figures of at most {@code most} more elements drawn in a region of the picture (in
	 * the layout's pixels), each among the others in the order of the renderers. The figures of the
	 * elements more than half the region's size away from it are removed first: however much of the
	 * picture the view scrolled through, the figures kept follow what it shows.
	 *
	 * @return whether every element drawn in the region has its figures
	 */
	boolean build(Rectangle region, int most) {
		removeAwayFrom(region);
		int added = 0;
		complete = false;
		for (int element : bands.within(region)) {
			if (groups.added(element)) {
				continue;
			}
			if (added == most) {
				return false;
			}
			add(element);
			added++;
		}
		complete = true;
		return true;
	}

	/** Whether every element of the region last asked for has its figures. */
	boolean complete() {
		return complete;
	}

	/** How many figures are added. */
	int figureCount() {
		return groups.figureCount();
	}

	/** Removes the figures of the elements more than half a region's size away from it. */
	private void removeAwayFrom(Rectangle region) {
		Rectangle keep = region.getExpanded(region.width / 2, region.height / 2);
		if (keep.equals(kept)) {
			return;
		}
		kept = keep;
		Set<IFigure> removed = new HashSet<>(groups.remove(
				Arrays.stream(groups.addedElements()).filter(element -> !bands.extent(element).intersects(keep)).toArray()));
		if (removed.isEmpty()) {
			return;
		}
		loops.removeIf(removed::contains);
		arrows.removeIf(removed::contains);
		for (IFigure figure : removed) {
			tooltips.remove(figure);
			for (String path : pathsOf.getOrDefault(figure, List.of())) {
				Set<ConstructFigure> ofPath = byPath.get(path);
				ofPath.remove(figure);
				if (ofPath.isEmpty()) {
					byPath.remove(path);
				}
			}
			pathsOf.remove(figure);
		}
	}

	/** Adds the figures of an element into its group, after those of the elements before it. */
	private void add(int element) {
		groups.begin(element);
		Object of = bands.element(element);
		switch (bands.kind(element)) {
		case BOX -> addLoop((Box) of);
		case RANK_LINE -> addRankLine((RankLine) of);
		case COLLECTIVE -> addCollective((Collective) of);
		case MARK -> addMark((Mark) of);
		case ARROW -> addArrow((Arrow) of);
		case BRACKET -> addBracket((Bracket) of);
		case COUNT -> addCount((Box) of);
		case LABEL -> addLabel((Drawing.Label) of);
		case TAG -> addTag((TagColor) of);
		}
	}

	/** Adds a figure of the element being added to its group, with the bounds it takes. */
	private void place(IFigure figure, Rectangle bounds) {
		groups.place(figure, bounds);
	}

	private void addLoop(Box box) {
		LoopFigure loop = new LoopFigure(box);
		loops.add(loop);
		add(loop, box.path());
	}

	private void addCount(Box box) {
		if (!box.countShown()) {
			return; // too narrow a box: the count is in its tooltip
		}
		Label count = new CountFigure(box.countText());
		count.setLabelAlignment(PositionConstants.LEFT);
		count.setForegroundColor(colors.get(Style.TEXT));
		count.setBackgroundColor(colors.get(fills.fill(box)));
		place(count, new Rectangle(round(box.countX()), round(box.countY()), 0, 0)); // first: its size needs the layer's font
		org.eclipse.draw2d.geometry.Dimension size = count.getPreferredSize();
		Rectangle bounds = new Rectangle(round(box.countX()), round(box.countY()), size.width, size.height);
		count.setBounds(bounds);
		groups.include(bounds);
	}

	private void addRankLine(RankLine line) {
		Polyline polyline = new Polyline();
		PointList points = new PointList();
		for (Point point : line.points()) {
			points.addPoint(round(point.x()), round(point.y()));
		}
		polyline.setPoints(points);
		polyline.setForegroundColor(colors.get(Style.RANK_LINE));
		tooltips.put(polyline, () -> NLS.bind(Messages.TimelineView_rankTooltip, line.rank()));
		place(polyline, polyline.getBounds().getCopy());
	}

	private void addCollective(Collective collective) {
		SegmentFigure figure = new SegmentFigure(collective.x(), collective.y1(), collective.x(), collective.y2(), Style.COLLECTIVE, false);
		figure.setLineStyle(SWT.LINE_DASH);
		tooltips.put(figure, () -> NLS.bind(Messages.TimelineView_collectiveTooltip, new Object[] { collective.name(),
				collective.group(), collective.tick(), text(collective.paths().get(0)) }));
		for (String path : collective.paths()) {
			add(figure, path);
		}
	}

	private void addMark(Mark mark) {
		if (mark.kind() == Drawing.EventKind.SEND || mark.kind() == Drawing.EventKind.RECV) {
			MarkFigure figure = new MarkFigure(mark);
			tooltips.put(figure, () -> NLS.bind(Messages.TimelineView_eventTooltip,
					new Object[] { mark.path(), text(mark.path()), mark.rank(), mark.tick() }));
			add(figure, mark.path());
		}
	}

	private void addArrow(Arrow arrow) {
		SegmentFigure figure = new SegmentFigure(arrow.x1(), arrow.y1(), arrow.x2(), arrow.y2(), arrow.rgb(), true);
		tooltips.put(figure, () -> tooltip(arrow));
		arrows.add(figure);
		add(figure, arrow.recvPath());
		String send = arrow.sendPath();
		if (send != null) {
			add(figure, send);
		}
	}

	private void addBracket(Bracket bracket) {
		BracketFigure figure = new BracketFigure(bracket);
		tooltips.put(figure, () -> NLS.bind(Messages.TimelineView_eventTooltip,
				new Object[] { bracket.path(), bracket.text(), bracket.rank(), bracket.tick() }));
		add(figure, bracket.path());
	}

	private void addLabel(Drawing.Label label) {
		Label figure = new TextFigure(label.text());
		figure.setLabelAlignment(PositionConstants.LEFT);
		figure.setForegroundColor(colors.get(Style.TEXT));
		place(figure, new Rectangle(round(label.x()), round(label.y()), round(label.width()) + 4, round(label.height())));
	}

	private void addTag(TagColor tag) {
		RectangleFigure swatch = new RectangleFigure();
		swatch.setBackgroundColor(colors.get(tag.rgb()));
		swatch.setForegroundColor(colors.get(tag.rgb()));
		place(swatch, new Rectangle(round(tag.x()), round(tag.y()) + 2, (int) Style.SWATCH_WIDTH, (int) Style.SWATCH_HEIGHT));
		Label name = new TextFigure(NLS.bind(Messages.TimelineView_legendTag, tag.text()));
		name.setLabelAlignment(PositionConstants.LEFT);
		name.setForegroundColor(colors.get(Style.TEXT));
		// a few pixels more than the layout's estimate: the view's font may be wider
		place(name, new Rectangle(round(tag.x() + Style.SWATCH_WIDTH + 3), round(tag.y()) - 1, round(tag.width() - Style.SWATCH_WIDTH) + 8, 14));
	}

	/** The layer holding every figure. */
	IFigure layer() {
		return layer;
	}

	/** One figure per loop box drawn. */
	List<LoopFigure> loops() {
		return loops;
	}

	/** One figure per message arrow drawn. */
	List<SegmentFigure> arrows() {
		return arrows;
	}

	/**
	 * The figure with a tooltip under a point of the canvas (the topmost figure there, or the
	 * nearest of its parents with a tooltip), or null.
	 */
	@Nullable
	IFigure withTooltipAt(int x, int y) {
		org.eclipse.draw2d.geometry.Point point = new org.eclipse.draw2d.geometry.Point(x, y);
		layer.translateToRelative(point);
		IFigure figure = layer.findFigureAt(point.x, point.y);
		while (figure != null && tooltip(figure) == null) {
			figure = figure.getParent();
		}
		return figure;
	}

	/** The tooltip of a figure, or null when it has none. */
	@Nullable
	String tooltip(IFigure figure) {
		Supplier<String> tooltip = tooltips.get(figure);
		return tooltip == null ? null : tooltip.get();
	}

	/** The figures of a construct: its box, its event marks, its arrows (as send or receive), its brackets. */
	Set<ConstructFigure> figures(String path) {
		return byPath.getOrDefault(path, Set.of());
	}

	/**
	 * Highlights the figures of a construct (null: none), also those added later; the previous ones
	 * lose their highlight.
	 */
	void highlight(@Nullable String path) {
		for (ConstructFigure figure : highlighted()) {
			figure.highlight(false);
		}
		highlightedPath = path;
		for (ConstructFigure figure : highlighted()) {
			figure.highlight(true);
		}
	}

	/** The construct highlighted, or null. */
	@Nullable
	String highlightedPath() {
		return highlightedPath;
	}

	/** The figures highlighted. */
	Set<ConstructFigure> highlighted() {
		String path = highlightedPath;
		return path == null ? Set.of() : figures(path);
	}

	/** Adds the figure of a construct to its group, unless it is there already, and to the figures of the construct's path. */
	private void add(ConstructFigure figure, String path) {
		if (figure.getParent() == null) {
			place(figure, figure.getBounds().getCopy());
		}
		byPath.computeIfAbsent(path, key -> new LinkedHashSet<>()).add(figure);
		pathsOf.computeIfAbsent(figure, key -> new ArrayList<>()).add(path);
		if (path.equals(highlightedPath)) {
			figure.highlight(true);
		}
	}

	private String text(String path) {
		return texts.getOrDefault(path, path);
	}

	private String tooltip(Arrow arrow) {
		String send = arrow.sendPath();
		return NLS.bind(Messages.TimelineView_arrowTooltip, new Object[] { arrow.src(), arrow.dst(), Drawing.tagText(arrow.tag()),
				send == null ? Messages.TimelineView_noSend : text(send), text(arrow.recvPath()), arrow.sendTick(), arrow.recvTick() })
				+ (arrow.carried() ? "\n" + Messages.TimelineView_carried : "");
	}

	private String tooltip(Box box) {
		String time = timeTooltips.get(box.path());
		return NLS.bind(Messages.TimelineView_loopTooltip, new Object[] { box.path(), firstLine(text(box.path())), box.count(),
				box.ranks(), box.startTick(), box.endTick() }) + (time == null ? "" : "\n" + time)
				+ (box.nestedCounts().isEmpty() ? "" : "\n" + NLS.bind(Messages.TimelineView_nestedCounts, box.countText(), countsAtCorner(box)))
				+ (box.collapsed() ? "\n" + Messages.TimelineView_collapsed : "");
	}

	/** The counts written as one at a box's corner, its own first: {@code ×12 ×5}. */
	private static String countsAtCorner(Box box) {
		StringBuilder counts = new StringBuilder(Box.countText(box.count()));
		box.nestedCounts().forEach(count -> counts.append(' ').append(Box.countText(count)));
		return counts.toString();
	}

	private static String firstLine(String text) {
		int end = text.indexOf('\n');
		return end < 0 ? text : text.substring(0, end).strip();
	}

	static int round(double value) {
		return (int) Math.round(value);
	}

	/** The whole picture drawn from its layout, at the resolution it is shown at. */
	private final class SummaryFigure extends Figure {

		private @Nullable Image image;

		@Override
		protected void paintFigure(@Nullable Graphics graphics) {
			if (graphics == null) {
				return;
			}
			Rectangle bounds = getBounds();
			int width = (int) Math.ceil(bounds.width * graphics.getAbsoluteScale());
			int height = (int) Math.ceil(bounds.height * graphics.getAbsoluteScale());
			Image shown = image;
			if (shown == null || shown.getBounds().width != width || shown.getBounds().height != height) {
				if (shown != null) {
					shown.dispose();
				}
				shown = PictureSummary.draw(Display.getCurrent(), drawing, fills, colors, width, height);
				image = shown;
			}
			graphics.drawImage(shown, 0, 0, width, height, bounds.x, bounds.y, bounds.width, bounds.height);
		}

		@Override
		public void removeNotify() {
			Image shown = image;
			if (shown != null) {
				shown.dispose();
				image = null;
			}
			super.removeNotify();
		}
	}

	/** A text: a count, a label, the name of a tag; not drawn when zoomed out so far that it could not be read. */
	private static class TextFigure extends Label {

		TextFigure(String text) {
			super(text);
		}

		@Override
		protected void paintFigure(@Nullable Graphics graphics) {
			if (graphics != null && graphics.getAbsoluteScale() >= MIN_TEXT_SCALE) {
				super.paintFigure(graphics);
			}
		}
	}

	/**
	 * The count of a loop, over the lines and marks on a background of its box's colour through which
	 * they show. The pointer finds what lies under it: its box gives the same tooltip, an event its own.
	 */
	private static final class CountFigure extends TextFigure {

		CountFigure(String text) {
			super(text);
		}

		@Override
		protected void paintFigure(@Nullable Graphics graphics) {
			if (graphics != null && graphics.getAbsoluteScale() >= MIN_TEXT_SCALE) {
				graphics.pushState();
				graphics.setAlpha((int) Math.round(255 * Style.COUNT_BACKGROUND_OPACITY));
				graphics.fillRectangle(getBounds());
				graphics.popState();
			}
			super.paintFigure(graphics);
		}

		@Override
		public boolean containsPoint(int x, int y) {
			return false;
		}
	}

	/** A figure that stands for a construct and can be highlighted. */
	interface ConstructFigure extends IFigure {

		/** Draws the figure highlighted, or as usual. */
		void highlight(boolean on);

		/** Whether the figure is highlighted. */
		boolean highlighted();
	}

	/** A figure that paints itself, in the highlight colour when highlighted. */
	abstract static class PaintedFigure extends Figure implements ConstructFigure {

		/** Whether the figure is highlighted. */
		protected boolean on;

		@Override
		public void highlight(boolean highlight) {
			on = highlight;
			repaint();
		}

		@Override
		public boolean highlighted() {
			return on;
		}
	}

	/** A loop box: gray by depth (or coloured by time), its iteration count in its upper-left corner. */
	final class LoopFigure extends RectangleFigure implements ConstructFigure {

		private final Box box;
		private boolean on;

		LoopFigure(Box box) {
			this.box = box;
			setBounds(new Rectangle(round(box.x()), round(box.y()), Math.max(1, round(box.width())), Math.max(1, round(box.height()))));
			setBackgroundColor(colors.get(fills.fill(box)));
			setForegroundColor(colors.get(Style.BOX_STROKE));
			tooltips.put(this, () -> tooltip(box));
		}

		/** The box of the layout this figure draws. */
		Box box() {
			return box;
		}

		@Override
		public void highlight(boolean highlight) {
			on = highlight;
			setForegroundColor(colors.get(highlight ? HIGHLIGHT : Style.BOX_STROKE));
			setLineWidth(highlight ? 3 : 1);
		}

		@Override
		public boolean highlighted() {
			return on;
		}
	}

	/** A straight line: a message arrow (with a head, in its tag's colour) or a collective. */
	final class SegmentFigure extends PaintedFigure {

		private static final int NEAR = 3;
		private final int x1;
		private final int y1;
		private final int x2;
		private final int y2;
		private final int rgb;
		private final boolean head;
		private int lineStyle = SWT.LINE_SOLID;

		SegmentFigure(double x1, double y1, double x2, double y2, int rgb, boolean head) {
			this.x1 = round(x1);
			this.y1 = round(y1);
			this.x2 = round(x2);
			this.y2 = round(y2);
			this.rgb = rgb;
			this.head = head;
			int margin = (int) Style.HEAD + NEAR;
			setBounds(new Rectangle(Math.min(this.x1, this.x2) - margin, Math.min(this.y1, this.y2) - margin,
					Math.abs(this.x2 - this.x1) + 2 * margin, Math.abs(this.y2 - this.y1) + 2 * margin));
		}

		void setLineStyle(int style) {
			lineStyle = style;
		}

		@Override
		public boolean containsPoint(int x, int y) {
			double dx = x2 - x1;
			double dy = y2 - y1;
			double length = dx * dx + dy * dy;
			double t = length == 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / length));
			return Math.hypot(x - x1 - t * dx, y - y1 - t * dy) <= NEAR;
		}

		@Override
		protected void paintFigure(@Nullable Graphics graphics) {
			if (graphics == null) {
				return;
			}
			Color colour = colors.get(on ? HIGHLIGHT : rgb);
			graphics.setAntialias(SWT.ON);
			graphics.setForegroundColor(colour);
			graphics.setBackgroundColor(colour);
			graphics.setLineStyle(lineStyle);
			graphics.setLineWidth(on ? 3 : 1);
			graphics.drawLine(x1, y1, x2, y2);
			if (head) {
				double angle = Math.atan2(y2 - y1, x2 - x1);
				graphics.setLineStyle(SWT.LINE_SOLID);
				graphics.fillPolygon(new PointList(new int[] { x2, y2, //
						round(x2 - Style.HEAD * Math.cos(angle - 0.45)), round(y2 - Style.HEAD * Math.sin(angle - 0.45)),
						round(x2 - Style.HEAD * Math.cos(angle + 0.45)), round(y2 - Style.HEAD * Math.sin(angle + 0.45)) }));
			}
		}

	}

	/** A send or a receive: a dot on its rank line. */
	final class MarkFigure extends Ellipse implements ConstructFigure {

		private boolean on;

		MarkFigure(Mark mark) {
			int radius = (int) Style.MARK_RADIUS;
			setBounds(new Rectangle(round(mark.x()) - radius, round(mark.y()) - radius, 2 * radius + 1, 2 * radius + 1));
			setBackgroundColor(colors.get(Style.TEXT));
			setForegroundColor(colors.get(Style.TEXT));
		}

		@Override
		public void highlight(boolean highlight) {
			on = highlight;
			setBackgroundColor(colors.get(highlight ? HIGHLIGHT : Style.TEXT));
			setForegroundColor(colors.get(highlight ? HIGHLIGHT : Style.TEXT));
		}

		@Override
		public boolean highlighted() {
			return on;
		}
	}

	/** A local event: an opening or closing bracket (MPI call and return), a tick otherwise. */
	final class BracketFigure extends PaintedFigure {

		private final Bracket bracket;

		BracketFigure(Bracket bracket) {
			this.bracket = bracket;
			int half = (int) Style.BRACKET_HALF;
			setBounds(new Rectangle(round(bracket.x()) - 3, round(bracket.y()) - half - 1, 7, 2 * half + 3));
		}

		@Override
		protected void paintFigure(@Nullable Graphics graphics) {
			if (graphics == null) {
				return;
			}
			graphics.setForegroundColor(colors.get(on ? HIGHLIGHT : Style.BRACKET));
			graphics.setLineWidth(on ? 2 : 1);
			int x = round(bracket.x());
			int y = round(bracket.y());
			int half = (int) Style.BRACKET_HALF;
			switch (bracket.kind()) {
			case CALL, RETURN -> {
				int lip = bracket.kind() == Drawing.BracketKind.CALL ? 2 : -2;
				graphics.drawPolyline(new PointList(new int[] { x + lip, y - half, x, y - half, x, y + half, x + lip, y + half }));
			}
			case OTHER -> graphics.drawLine(x, y - 3, x, y + 3);
			}
		}

	}

	/** The colours of one view, made once each and disposed with the view. */
	static final class ColorCache {

		private final Map<Integer, Color> colors = new HashMap<>();

		Color get(int rgb) {
			return colors.computeIfAbsent(rgb, key -> new Color(key >> 16 & 0xff, key >> 8 & 0xff, key & 0xff));
		}

		void dispose() {
			colors.values().forEach(Color::dispose);
			colors.clear();
		}
	}
}
