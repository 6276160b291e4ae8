// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * nothing is computed here but colours and tooltips. Figures of constructs know their construct
 * path, so the view can highlight the figures of the construct at the editor's caret.
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
	/** The tooltip of each figure that has one ({@link FigureToolTip} shows them). */
	private final Map<IFigure, String> tooltips = new HashMap<>();
	private List<ConstructFigure> highlighted = List.of();
	private @Nullable String highlightedPath;

	/**
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
		for (Box box : drawing.boxes()) {
			LoopFigure loop = new LoopFigure(box);
			loops.add(loop);
			add(loop, box.path());
		}
		// the counts over every box: a count of an outer loop may lie on a box it holds
		for (LoopFigure loop : loops) {
			if (!loop.box().countShown()) {
				continue; // too narrow a box: the count is in its tooltip
			}
			Label count = new Label(loop.box().countText());
			count.setLabelAlignment(PositionConstants.LEFT);
			count.setForegroundColor(colors.get(Style.TEXT));
			tooltips.put(count, tooltip(loop.box()));
			layer.add(count); // first: its size needs the layer's font
			org.eclipse.draw2d.geometry.Dimension size = count.getPreferredSize();
			layer.setConstraint(count, new Rectangle(round(loop.box().countX()), round(loop.box().y()), size.width, size.height));
		}
		for (RankLine line : drawing.rankLines()) {
			Polyline polyline = new Polyline();
			PointList points = new PointList();
			for (Point point : line.points()) {
				points.addPoint(round(point.x()), round(point.y()));
			}
			polyline.setPoints(points);
			polyline.setForegroundColor(colors.get(Style.RANK_LINE));
			tooltips.put(polyline, NLS.bind(Messages.TimelineView_rankTooltip, line.rank()));
			layer.add(polyline);
		}
		for (Collective collective : drawing.collectives()) {
			SegmentFigure figure = new SegmentFigure(collective.x(), collective.y1(), collective.x(), collective.y2(), Style.COLLECTIVE, false);
			figure.setLineStyle(SWT.LINE_DASH);
			tooltips.put(figure, NLS.bind(Messages.TimelineView_collectiveTooltip, new Object[] { collective.name(),
					collective.group(), collective.tick(), text(collective.paths().get(0)) }));
			for (String path : collective.paths()) {
				add(figure, path);
			}
		}
		for (Mark mark : drawing.marks()) {
			if (mark.kind() == Drawing.EventKind.SEND || mark.kind() == Drawing.EventKind.RECV) {
				MarkFigure figure = new MarkFigure(mark);
				tooltips.put(figure, NLS.bind(Messages.TimelineView_eventTooltip,
						new Object[] { mark.path(), text(mark.path()), mark.rank(), mark.tick() }));
				add(figure, mark.path());
			}
		}
		for (Arrow arrow : drawing.arrows()) {
			SegmentFigure figure = new SegmentFigure(arrow.x1(), arrow.y1(), arrow.x2(), arrow.y2(), arrow.rgb(), true);
			tooltips.put(figure, tooltip(arrow));
			arrows.add(figure);
			add(figure, arrow.recvPath());
			String send = arrow.sendPath();
			if (send != null) {
				byPath.computeIfAbsent(send, path -> new ArrayList<>()).add(figure);
			}
		}
		for (Bracket bracket : drawing.brackets()) {
			BracketFigure figure = new BracketFigure(bracket);
			tooltips.put(figure, NLS.bind(Messages.TimelineView_eventTooltip,
					new Object[] { bracket.path(), bracket.text(), bracket.rank(), bracket.tick() }));
			add(figure, bracket.path());
		}
		for (Drawing.Label label : drawing.labels()) {
			Label figure = new Label(label.text());
			figure.setLabelAlignment(PositionConstants.LEFT);
			figure.setForegroundColor(colors.get(Style.TEXT));
			layer.add(figure, new Rectangle(round(label.x()), round(label.y()), round(label.width()) + 4, round(label.height())));
		}
		for (TagColor tag : drawing.legend()) {
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
		// the whole picture, so fitting and scrolling see its margins too
		layer.add(new Figure(), new Rectangle(0, 0, round(drawing.width()), round(drawing.height())), 0);
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
		return tooltips.get(figure);
	}

	/** The figures of a construct: its box, its event marks, its arrows (as send or receive), its brackets. */
	List<ConstructFigure> figures(String path) {
		return byPath.getOrDefault(path, List.of());
	}

	/** Highlights the figures of a construct (null: none), the previous ones lose their highlight. */
	void highlight(@Nullable String path) {
		for (ConstructFigure figure : highlighted) {
			figure.highlight(false);
		}
		highlightedPath = path;
		highlighted = path == null ? List.of() : figures(path);
		for (ConstructFigure figure : highlighted) {
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
		return highlighted;
	}

	private void add(IFigure figure, String path) {
		if (figure.getParent() == null) {
			if (figure instanceof LoopFigure || figure instanceof MarkFigure) {
				layer.add(figure, figure.getBounds().getCopy());
			} else {
				layer.add(figure);
			}
		}
		if (figure instanceof ConstructFigure construct) {
			byPath.computeIfAbsent(path, key -> new ArrayList<>()).add(construct);
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
			tooltips.put(this, tooltip(box));
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
