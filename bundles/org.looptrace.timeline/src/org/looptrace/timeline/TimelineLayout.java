// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline;

import org.looptrace.model.Model;
import org.looptrace.timeline.internal.Layouts;

/**
 * The timeline of a global model, as the paper's section IV draws it: one line per rank, a Lamport
 * clock for horizontal positions relative to the start of the current system (a loop body is laid
 * out once), loops as boxes with their iteration count and a gray level by depth, rank lines
 * moving to meet the loops they take part in, messages as arrows from send to receive coloured by
 * tag, collectives as vertical lines over their group, local events as brackets.
 */
public final class TimelineLayout {

	private TimelineLayout() {
	}

	/**
	 * Lays out a model.
	 *
	 * @throws IllegalArgumentException when the model cannot be drawn (an index no loop binds, a rank
	 *                                  out of range); the message names the construct by its path
	 */
	public static Drawing layout(Model model, LayoutOptions options) {
		return Layouts.layout(model, options);
	}
}
