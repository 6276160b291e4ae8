// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.render;

import org.looptrace.model.core.Progress;
import org.looptrace.timeline.Drawing;

/**
 * Counts the elements a renderer draws, for its progress (reported and checked for cancellation
 * every {@value #BATCH} elements): a model of thousands of ranks has tens of thousands of them.
 */
final class RenderSteps {

	private static final int BATCH = 1024;

	private final Progress progress;
	private int met;

	/** Begins the task of drawing every element of {@code drawing}. */
	RenderSteps(Drawing drawing, Progress progress) {
		this.progress = progress;
		progress.begin("Drawing the timeline", elements(drawing));
	}

	/** The elements a renderer draws: what a progress counts. */
	static long elements(Drawing drawing) {
		return (long) drawing.boxes().size() + drawing.rankLines().size() + drawing.collectives().size() + drawing.marks().size()
				+ drawing.arrows().size() + drawing.brackets().size() + drawing.labels().size() + drawing.legend().size();
	}

	/**
	 * One more element drawn.
	 *
	 * @throws java.util.concurrent.CancellationException when the progress is cancelled
	 */
	void step() {
		if (++met == BATCH) {
			progress.worked(met);
			met = 0;
			progress.checkCancelled();
		}
	}
}
