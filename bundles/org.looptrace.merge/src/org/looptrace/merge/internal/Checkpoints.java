// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import org.looptrace.model.core.Progress;

/**
 * Cancellation checks inside the long loops of the merge and of folding, one in {@link #EVERY}
 * steps (or in a given period, for loops whose steps are long): often enough that a cancelled merge of thousands of ranks stops within a fraction of a
 * second, seldom enough that checking (synchronized when shared between threads) costs nothing
 * measurable. One instance per loop and thread.
 */
public final class Checkpoints {

	static final int EVERY = 1024;

	private final Progress progress;
	private final int period;
	private long steps;

	/** Checks once in {@link #EVERY} steps. */
	public Checkpoints(Progress progress) {
		this(progress, EVERY);
	}

	/** Checks once in {@code period} steps. */
	public Checkpoints(Progress progress, int period) {
		this.progress = progress;
		this.period = period;
	}

	/** Counts a step; checks for cancellation once per period. */
	public void step() {
		if (++steps % period == 0) {
			progress.checkCancelled();
		}
	}
}
