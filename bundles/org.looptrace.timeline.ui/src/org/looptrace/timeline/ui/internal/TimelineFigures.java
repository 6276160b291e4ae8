// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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
 * The figures are added a slice at a time ({@link #build(int)}), in the order of the renderers, so
 * that a view can handle its events between slices: a drawing of thousands of ranks has tens of
 * thousands of elements.
 */
final class TimelineFigures {

	/** The colour of a highlighted figure (the construct at the editor's caret). */
	static final int HIGHLIGHT = 0x1565c0;

	private final FreeformLayer layer = new FreeformLayer();
	private final Map<String, List<ConstructFigure>> byPath = new HashMap<>();
	private final List<LoopFigure> loops = new ArrayList<>();
	private final List<SegmentFigure> arrows = new ArrayList<>();
	private final ColorCache colors;
	private final Map<String, String> texts;
	private final TimeColours fills;
	private final Map<String, String> timeTooltips;
	/** The tooltip of each figure that has one ({@link FigureToolTip} shows them), written when shown. */
	private final Map<IFigure, Supplier<String>> tooltips = new HashMap<>();
	private final List<Stage<?>> stages;
	/** The stage whose figures are being added, {@code stages.size()} once all are. */
	private int stage;
	private @Nullable String highlightedPath;

	/**
	 * The figures of a drawing, none added yet but the extent of the whole picture: {@link #build(int)}
	 * adds them.
	 *
	 * @param texts        the text of each construct by path, for tooltips (may miss some)
	 * @param fills        the colours of loop boxes by time ({@link TimeColours#NONE}: their gray by depth)
	 * @param timeTooltips lines on the time of loops by path, for their tooltips (may miss some)
	 */
	TimelineFigures(Drawing drawing, Map<String, String> texts, ColorCache colors, Font font, TimeColours fills,
			Map<String, String> timeTooltips) {
		this.colors = colors;
		this.texts = texts;
		this.fills = fills;
		this.timeTooltips = timeTooltips;
		layer.setLayoutManager(new FreeformLayout());
		layer.setFont(font);
		layer.setOpaque(true);
		layer.setBackgroundColor(colors.get(Style.BACKGROUND));
		// the whole picture, so fitting and scrolling see its margins too, from the first figures on
		layer.add(new Figure(), new Rectangle(0, 0, round(drawing.width()), round(drawing.height())));
		// in the order of the renderers: a figure added later is drawn over those before it
		stages = List.of(new Stage<>(drawing.boxes(), this::addLoop),
				// the counts over every box: a count of an outer loop may lie on a box it holds
				new Stage<>(drawing.boxes(), this::addCount), new Stage<>(drawing.rankLines(), this::addRankLine),
				new Stage<>(drawing.collectives(), this::addCollective), new Stage<>(drawing.marks(), this::addMark),
				new Stage<>(drawing.arrows(), this::addArrow), new Stage<>(drawing.brackets(), this::addBracket),
				new Stage<>(drawing.labels(), this::addLabel), new Stage<>(drawing.legend(), this::addTag));
	}

	/**
	 * Adds the figures of at most {@code most} more elements of the drawing, in its order.
	 *
	 * @return whether every figure is added
	 */
	boolean build(int most) {
		int added = 0;
		while (added < most && stage < stages.size()) {
			if (stages.get(stage).addNext()) {
				added++;
			} else {
				stage++;
			}
		}
		while (stage < stages.size() && stages.get(stage).done()) {
			stage++;
		}
		return complete();
	}

	/** Whether every figure of the drawing is added. */
	boolean complete() {
		return stage == stages.size();
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
		Label count = new Label(box.countText());
		count.setLabelAlignment(PositionConstants.LEFT);
		count.setForegroundColor(colors.get(Style.TEXT));
		tooltips.put(count, () -> tooltip(box));
		layer.add(count); // first: its size needs the layer's font
		org.eclipse.draw2d.geometry.Dimension size = count.getPreferredSize();
		layer.setConstraint(count, new Rectangle(round(box.countX()), round(box.y()), size.width, size.height));
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
		layer.add(polyline);
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
		Label figure = new Label(label.text());
		figure.setLabelAlignment(PositionConstants.LEFT);
		figure.setForegroundColor(colors.get(Style.TEXT));
		layer.add(figure, new Rectangle(round(label.x()), round(label.y()), round(label.width()) + 4, round(label.height())));
	}

	private void addTag(TagColor tag) {
		RectangleFigure swatch = new RectangleFigure();
		swatch.setBackgroundColor(colors.get(tag.rgb()));
		swatch.setForegroundColor(colors.get(tag.rgb()));
		layer.add(swatch, new Rectangle(round(tag.x()), round(tag.y()) + 2, (int) Style.SWATCH_WIDTH, (int) Style.SWATCH_HEIGHT));
		Label name = new Label(NLS.bind(Messages.TimelineView_legendTag, tag.text()));
		name.setLabelAlignment(PositionConstants.LEFT);
		name.setForegroundColor(colors.get(Style.TEXT));
		// a few pixels more than the layout's estimate: the view's font may be wider
		layer.add(name, new Rectangle(round(tag.x() + Style.SWATCH_WIDTH + 3), round(tag.y()) - 1, round(tag.width() - Style.SWATCH_WIDTH) + 8, 14));
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
	List<ConstructFigure> figures(String path) {
		return byPath.getOrDefault(path, List.of());
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
	List<ConstructFigure> highlighted() {
		String path = highlightedPath;
		return path == null ? List.of() : figures(path);
	}

	/** Adds the figure of a construct to the layer, unless it is there already, and to the figures of the construct's path. */
	private void add(ConstructFigure figure, String path) {
		if (figure.getParent() == null) {
			if (figure instanceof LoopFigure || figure instanceof MarkFigure) {
				layer.add(figure, figure.getBounds().getCopy());
			} else {
				layer.add(figure);
			}
		}
		byPath.computeIfAbsent(path, key -> new ArrayList<>()).add(figure);
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
				+ (box.collapsed() ? "\n" + Messages.TimelineView_collapsed : "");
	}

	private static String firstLine(String text) {
		int end = text.indexOf('\n');
		return end < 0 ? text : text.substring(0, end).strip();
	}

	static int round(double value) {
		return (int) Math.round(value);
	}

	/** The elements of one kind, whose figures are added one after the other. */
	private static final class Stage<T> {

		private final List<T> elements;
		private final Consumer<T> add;
		private int next;

		Stage(List<T> elements, Consumer<T> add) {
			this.elements = elements;
			this.add = add;
		}

		/** Adds the figure of the next element; false when none is left. */
		boolean addNext() {
			if (done()) {
				return false;
			}
			add.accept(elements.get(next++));
			return true;
		}

		boolean done() {
			return next == elements.size();
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
