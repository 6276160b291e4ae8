// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * Master and workers: per iteration rank 0 sends work to each worker one by one (a hand-made
 * scatter), then receives a result from each (a hand-made gather); each worker receives, then replies.
 */
public final class MasterWorkerPattern extends IterativePattern {

	private static final String WORK = "1";
	private static final String RESULT = "2";

	public MasterWorkerPattern(int ranks, long iterations, long seed) {
		super("masterworker", ranks, iterations, seed);
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		if (rank == 0) {
			for (int worker = 1; worker < ranks; worker++) {
				out.add(TraceEvent.send(0, worker, WORK));
			}
			for (int worker = 1; worker < ranks; worker++) {
				out.add(TraceEvent.recv(worker, 0, RESULT));
			}
		} else {
			out.add(TraceEvent.recv(0, rank, WORK));
			out.add(TraceEvent.send(rank, 0, RESULT));
		}
	}
}
