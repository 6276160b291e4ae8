// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import org.eclipse.swt.graphics.Rectangle;
import org.looptrace.timeline.Drawing;

/** The zooms of the Timeline view: their bounds, and the zoom at which a picture fits the view. */
final class Zooms {

	/** The factor of a step of zoom in or out. */
	static final double STEP = 1.25;
	/** The smallest zoom, unless the whole picture needs a smaller one to fit the view. */
	private static final double MIN = 0.05;
	private static final double MAX = 40;
	/** The most of the view's width the whole picture fitted may leave empty, else Fit fits the width only. */
	private static final double FIT_WIDTH_LEFT = 0.5;

	private Zooms() {
	}

	/** A zoom within bounds: the lower one that of the whole picture in the view when it is smaller. */
	static double bounded(double zoom, Drawing drawing, Rectangle area) {
		double whole = fit(drawing, area, true);
		return Math.max(whole > 0 ? Math.min(MIN, whole) : MIN, Math.min(MAX, zoom));
	}

	/**
	 * The zoom at which a picture fits a view, 0 for an empty picture: the whole picture, or its width
	 * only (its time, the ranks scrolled) when wholly fitted it would leave more than half the view's
	 * width empty, a strip of a picture of many ranks.
	 *
	 * @param whole whether the whole picture is to fit, however narrow
	 */
	static double fit(Drawing drawing, Rectangle area, boolean whole) {
		if (drawing.width() <= 0 || drawing.height() <= 0) {
			return 0;
		}
		double width = area.width / drawing.width();
		double both = Math.min(width, area.height / drawing.height());
		return whole || both >= width * (1 - FIT_WIDTH_LEFT) ? both : width;
	}
}
