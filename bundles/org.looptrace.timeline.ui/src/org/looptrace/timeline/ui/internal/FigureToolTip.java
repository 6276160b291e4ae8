// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.util.function.Supplier;

import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.IFigure;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.window.DefaultToolTip;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Monitor;

/**
 * The tooltips of the timeline's figures, shown by JFace rather than by draw2d: draw2d keeps a
 * tooltip within the display's area taken from its origin, so on a monitor that is not the first, or
 * with a long loop text beside the right edge, the tooltip ran off the screen. Here it goes below
 * and to the right of the pointer, flipped to the left or above where it would leave the client area
 * of the pointer's monitor, and kept inside it when larger than either side.
 */
final class FigureToolTip extends DefaultToolTip {

	/** From the pointer to a tooltip on its right, or to its left when flipped. */
	static final int GAP_X = 4;
	/** From the pointer to a tooltip below it (the pointer's arrow stays visible). */
	static final int GAP_BELOW = 20;
	/** From the pointer to a tooltip flipped above it. */
	static final int GAP_ABOVE = 4;

	private final FigureCanvas canvas;
	private final Supplier<@Nullable TimelineFigures> figures;

	/** Shows the tooltips of the figures drawn on {@code canvas} (none while {@code figures} gives null). */
	FigureToolTip(FigureCanvas canvas, Supplier<@Nullable TimelineFigures> figures) {
		super(canvas, RECREATE, false);
		this.canvas = canvas;
		this.figures = figures;
	}

	/** The figure under a point of the canvas that has a tooltip, or null. */
	private @Nullable IFigure figureAt(int x, int y) {
		TimelineFigures drawn = figures.get();
		return drawn == null ? null : drawn.withTooltipAt(x, y);
	}

	@Override
	protected boolean shouldCreateToolTip(@Nullable Event event) {
		return event != null && figureAt(event.x, event.y) != null && super.shouldCreateToolTip(event);
	}

	@Override
	protected @Nullable Object getToolTipArea(@Nullable Event event) {
		return event == null ? null : figureAt(event.x, event.y);
	}

	@Override
	protected @Nullable String getText(@Nullable Event event) {
		TimelineFigures drawn = figures.get();
		IFigure figure = event == null ? null : figureAt(event.x, event.y);
		return drawn == null || figure == null ? null : drawn.tooltip(figure);
	}

	@Override
	public Point getLocation(@Nullable Point tipSize, @Nullable Event event) {
		Point pointer = event == null ? canvas.getDisplay().getCursorLocation() : canvas.toDisplay(event.x, event.y);
		Point size = tipSize == null ? new Point(0, 0) : tipSize;
		return place(clientArea(pointer), pointer, size);
	}

	/** The client area of the monitor under a point of the display, or of the canvas's monitor when none is. */
	private Rectangle clientArea(Point pointer) {
		for (Monitor monitor : canvas.getDisplay().getMonitors()) {
			if (monitor.getBounds().contains(pointer)) {
				return monitor.getClientArea();
			}
		}
		return canvas.getMonitor().getClientArea();
	}

	/**
	 * Where a tooltip of a size goes for a pointer: below and right of it, flipped left or up on the
	 * side where it would leave the area, and moved inside the area when it fits on neither side
	 * (its top left corner stays inside when it is larger than the area).
	 */
	static Point place(Rectangle area, Point pointer, Point size) {
		return new Point(coordinate(area.x, area.width, pointer.x, size.x, GAP_X, GAP_X),
				coordinate(area.y, area.height, pointer.y, size.y, GAP_BELOW, GAP_ABOVE));
	}

	/** One coordinate of {@link #place}: after the pointer, else before it, else as far as the area allows. */
	private static int coordinate(int start, int length, int pointer, int size, int after, int before) {
		int end = start + length;
		int placed = pointer + after;
		if (placed + size > end) {
			placed = pointer - before - size;
		}
		return Math.max(start, Math.min(placed, end - size));
	}
}
