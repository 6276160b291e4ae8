// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/** A pattern made of a prologue, the same iteration repeated, and an epilogue, on every rank. */
public abstract class IterativePattern extends GeneratedPattern {

	/** All the ranks: the group of collectives over MPI_COMM_WORLD. */
	protected final RankSet world;

	protected IterativePattern(String name, int ranks, long iterations, long seed) {
		super(name, ranks, iterations, seed);
		this.world = RankSet.range(0, ranks - 1);
	}

	/** The events of {@code rank} before the first iteration; none by default. */
	protected void prologue(int rank, List<TraceEvent> out) {
	}

	/** The events of {@code rank} in iteration {@code iteration} (0-based). */
	protected abstract void iteration(int rank, long iteration, List<TraceEvent> out);

	/** The events of {@code rank} after the last iteration; none by default. */
	protected void epilogue(int rank, List<TraceEvent> out) {
	}

	@Override
	protected Stepper stepper(int rank) {
		return new Stepper() {
			private long step = -1;

			@Override
			public boolean step(List<TraceEvent> out) {
				if (step > iterations) {
					return false;
				}
				if (step < 0) {
					prologue(rank, out);
				} else if (step == iterations) {
					epilogue(rank, out);
				} else {
					iteration(rank, step, out);
				}
				step++;
				return true;
			}
		};
	}
}
