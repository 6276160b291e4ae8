// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * NPB LU's SSOR on its 2-D process grid ({@link Grid#of}: for 2<sup>k</sup> ranks the same grid
 * as LU's proc_grid, for other counts the near-square grid its later versions choose). Setup: the
 * inputs broadcast from rank 0 (read_input), erhs's exchange_3, the first residual norm and a
 * barrier. Per time step: the lower-triangular sweep (blts: per k-plane, receive from north and
 * west, compute, send south and east), the upper-triangular sweep the opposite way (buts), the
 * right-hand side's exchange_3, and every {@link #NORM_EVERY} steps the Allreduce of the residual
 * norm (l2norm). At the end the norms of the residual, of the error and of the surface integral.
 * Unlike {@link WavefrontPattern}, the number of k-planes is a parameter.
 */
public final class LuPattern extends IterativePattern {

	/** Steps between two residual norms (LU's inorm). */
	public static final int NORM_EVERY = 3;
	/** The scalars read_input broadcasts one by one (ipr, inorm, itmax, dt, omega, tolrsd, nx0, ny0, nz0). */
	private static final int INPUTS = 9;
	/** The reductions after the last step: l2norm, error, pintgr. */
	private static final int FINAL_REDUCTIONS = 3;

	private final Grid grid;
	private final int planes;

	public LuPattern(int ranks, long iterations, long seed, int planes) {
		super("lu", ranks, iterations, seed);
		this.grid = Grid.of(ranks);
		this.planes = planes;
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		grid.sweep(rank, planes, Grid.SOUTH, Grid.EAST, out);
		grid.sweep(rank, planes, Grid.NORTH, Grid.WEST, out);
		exchange3(rank, out);
		if ((iteration + 1) % NORM_EVERY == 0) {
			out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
		}
	}

	@Override
	protected void prologue(int rank, List<TraceEvent> out) {
		for (int i = 0; i < INPUTS; i++) {
			out.add(TraceEvent.sync(rank, "MPI_Bcast", world));
		}
		exchange3(rank, out);
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
		out.add(TraceEvent.sync(rank, "MPI_Barrier", world));
	}

	@Override
	protected void epilogue(int rank, List<TraceEvent> out) {
		for (int i = 0; i < FINAL_REDUCTIONS; i++) {
			out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
		}
	}

	/**
	 * LU's exchange_3, one axis after the other: receives posted, faces sent south and north, the
	 * receives completed (north's first); then the same towards east and west. Sends come before
	 * the receives they wait on, so the exchange cannot deadlock.
	 */
	private void exchange3(int rank, List<TraceEvent> out) {
		Grid.send(rank, grid.south(rank), Grid.SOUTH, out);
		Grid.send(rank, grid.north(rank), Grid.NORTH, out);
		Grid.recv(grid.north(rank), rank, Grid.SOUTH, out);
		Grid.recv(grid.south(rank), rank, Grid.NORTH, out);
		Grid.send(rank, grid.east(rank), Grid.EAST, out);
		Grid.send(rank, grid.west(rank), Grid.WEST, out);
		Grid.recv(grid.west(rank), rank, Grid.EAST, out);
		Grid.recv(grid.east(rank), rank, Grid.WEST, out);
	}
}
