// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.Viewport;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.TimeColours;

/**
 * The whole picture in small beside the view, the part in view framed; a click or a drag there
 * scrolls the view. It is drawn from the layout ({@link PictureSummary}), not from the figures (only
 * those near the view exist): stretched to the overview in each direction, so that a picture of
 * thousands of ranks gives a pixel row to a group of ranks instead of shrinking to a sliver. The
 * summary is drawn once per layout and size; a scroll only moves the frame.
 */
final class TimelineOverview {

	private final Canvas canvas;
	private final FigureCanvas view;
	private final TimelineFigures.ColorCache colors;
	private @Nullable Drawing drawing;
	private TimeColours fills = TimeColours.NONE;
	/** The summary drawn for the drawing and size shown, null until painted. */
	private @Nullable Image summary;

	/** An overview of some width in a grid layout, beside the view's canvas, hidden until {@link #update()} shows it. */
	TimelineOverview(Composite parent, FigureCanvas view, TimelineFigures.ColorCache colors, int width) {
		this.view = view;
		this.colors = colors;
		canvas = new Canvas(parent, SWT.BORDER | SWT.DOUBLE_BUFFERED);
		GridDataFactory.fillDefaults().grab(false, true).hint(width, SWT.DEFAULT).exclude(true).applyTo(canvas);
		canvas.setVisible(false);
		canvas.addListener(SWT.Paint, this::paint);
		canvas.addListener(SWT.Resize, event -> forget());
		canvas.addListener(SWT.MouseDown, this::scrollTo);
		canvas.addListener(SWT.MouseMove, event -> {
			if ((event.stateMask & SWT.BUTTON1) != 0) {
				scrollTo(event);
			}
		});
		canvas.addListener(SWT.Dispose, event -> forget());
		Viewport viewport = view.getViewport();
		viewport.getHorizontalRangeModel().addPropertyChangeListener(event -> redraw());
		viewport.getVerticalRangeModel().addPropertyChangeListener(event -> redraw());
	}

	/** The overview's control. */
	Canvas control() {
		return canvas;
	}

	/** Shows the overview while the picture is larger than the view, hides it otherwise. */
	void update() {
		Drawing shown = drawing;
		Rectangle area = view.getClientArea();
		double scale = zoom();
		setShown(shown != null && (shown.width() * scale > area.width + 1 || shown.height() * scale > area.height + 1));
	}

	/** Shows or hides the overview, its room going to the picture when hidden. */
	void setShown(boolean show) {
		if (!canvas.isDisposed() && show != canvas.getVisible()) {
			canvas.setVisible(show);
			((GridData) canvas.getLayoutData()).exclude = !show;
			canvas.getParent().layout(true);
		}
	}

	/** Whether the overview is shown. */
	boolean shown() {
		return !canvas.isDisposed() && canvas.getVisible();
	}

	/** Shows the summary of a drawing (null: none), its loops filled as the view fills them. */
	void show(@Nullable Drawing shown, TimeColours boxFills) {
		drawing = shown;
		fills = boxFills;
		forget();
		redraw();
	}

	/** The summary drawn, or null when there is none yet (for the tests). */
	@Nullable
	Image summary() {
		return summary;
	}

	private void redraw() {
		if (!canvas.isDisposed() && canvas.isVisible()) {
			canvas.redraw();
		}
	}

	private void forget() {
		Image image = summary;
		if (image != null) {
			image.dispose();
		}
		summary = null;
	}

	private void paint(Event event) {
		Drawing shown = drawing;
		Rectangle area = canvas.getClientArea();
		if (shown == null || area.width <= 0 || area.height <= 0 || shown.width() <= 0 || shown.height() <= 0) {
			return;
		}
		Image image = summary;
		if (image == null) {
			image = PictureSummary.draw(canvas.getDisplay(), shown, fills, colors, area.width, area.height);
			summary = image;
		}
		event.gc.drawImage(image, 0, 0);
		// the frame: the part of the picture in view, in the overview's scales
		double scale = zoom();
		org.eclipse.draw2d.geometry.Point location = view.getViewport().getViewLocation();
		org.eclipse.swt.graphics.Rectangle client = view.getClientArea();
		double sx = area.width / shown.width();
		double sy = area.height / shown.height();
		int x = (int) Math.floor(location.x / scale * sx);
		int y = (int) Math.floor(location.y / scale * sy);
		int width = Math.max(3, (int) Math.ceil(client.width / scale * sx));
		int height = Math.max(3, (int) Math.ceil(client.height / scale * sy));
		event.gc.setForeground(colors.get(TimelineFigures.HIGHLIGHT));
		event.gc.setLineWidth(2);
		event.gc.drawRectangle(Math.max(1, x), Math.max(1, y), Math.min(width, area.width - 2), Math.min(height, area.height - 2));
	}

	/** The picture's zoom in the view. */
	private double zoom() {
		return view.getContents() instanceof org.eclipse.draw2d.ScalableFigure scalable ? scalable.getScale() : 1;
	}

	/** Scrolls the view so that the part of the picture under a point of the overview is in its middle. */
	private void scrollTo(Event event) {
		Drawing shown = drawing;
		Rectangle area = canvas.getClientArea();
		if (shown == null || event.button > 1 || area.width <= 0 || area.height <= 0) {
			return;
		}
		double scale = zoom();
		org.eclipse.swt.graphics.Rectangle client = view.getClientArea();
		double x = event.x * shown.width() / area.width * scale;
		double y = event.y * shown.height() / area.height * scale;
		view.scrollTo((int) Math.round(x - client.width / 2.0), (int) Math.round(y - client.height / 2.0));
	}
}
