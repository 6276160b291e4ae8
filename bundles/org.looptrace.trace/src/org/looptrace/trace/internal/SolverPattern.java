// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * A conjugate-gradient-like solver on a 2-D grid: per iteration a halo exchange (the sparse
 * matrix-vector product) then two Allreduce (the dot products).
 */
public final class SolverPattern extends IterativePattern {

	private final Grid grid;

	public SolverPattern(int ranks, long iterations, long seed) {
		super("solver", ranks, iterations, seed);
		this.grid = Grid.of(ranks);
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		grid.haloExchange(rank, out);
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
	}
}
