// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/** A token ring: per iteration rank 0 passes the token to rank 1, each rank to the next, the last back to 0. */
public final class RingPattern extends IterativePattern {

	private static final String TOKEN = "1";

	public RingPattern(int ranks, long iterations, long seed) {
		super("ring", ranks, iterations, seed);
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		int previous = (rank + ranks - 1) % ranks;
		int next = (rank + 1) % ranks;
		if (rank == 0) {
			out.add(TraceEvent.send(rank, next, TOKEN));
			out.add(TraceEvent.recv(previous, rank, TOKEN));
		} else {
			out.add(TraceEvent.recv(previous, rank, TOKEN));
			out.add(TraceEvent.send(rank, next, TOKEN));
		}
	}
}
