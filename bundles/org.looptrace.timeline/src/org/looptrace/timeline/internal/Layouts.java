// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import org.looptrace.model.Model;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.LayoutOptions;

/** The entry into the layout: ticks ({@link TickScheduler}), then geometry. */
public final class Layouts {

	private Layouts() {
	}

	/** Places the model on the clock, then draws it with the options. */
	public static Drawing layout(Model model, LayoutOptions options) {
		return Geometry.draw(TickScheduler.place(model), options);
	}
}
