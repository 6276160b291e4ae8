// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * The pipelined 2-D wavefront of NPB LU (SSOR), shaped like figure 3 of the paper: Allreduce,
 * exchange, Allreduce, Barrier; then per time step a forward sweep over the k-planes (receive from
 * west and north, send east and south), a backward sweep (receive from east and south, send west
 * and north), an exchange with every neighbour and an Allreduce of the residual. On rank 0 the
 * sweeps become an inner loop of sends followed by an inner loop of receives.
 */
public final class WavefrontPattern extends IterativePattern {

	/** The k-planes of each sweep (NPB LU class C has 160; kept small so example traces stay small). */
	public static final int PLANES = 10;

	private final Grid grid;

	public WavefrontPattern(int ranks, long iterations, long seed) {
		super("wavefront", ranks, iterations, seed);
		this.grid = Grid.of(ranks);
	}

	@Override
	protected void prologue(int rank, List<TraceEvent> out) {
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
		grid.pairwiseExchange(rank, out);
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
		out.add(TraceEvent.sync(rank, "MPI_Barrier", world));
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		grid.sweep(rank, PLANES, Grid.EAST, Grid.SOUTH, out);
		grid.sweep(rank, PLANES, Grid.WEST, Grid.NORTH, out);
		grid.pairwiseExchange(rank, out);
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
	}
}
