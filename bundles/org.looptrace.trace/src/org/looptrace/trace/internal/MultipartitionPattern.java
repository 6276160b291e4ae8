// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * NPB SP's and BT's alternating-direction solver on a multipartition (a periodic grid): per
 * iteration copy_faces (a halo exchange on the torus), then three sweeps, each a pipeline of
 * {@link #STAGES} steps forward and as many back: along the rows, along the columns, and along
 * the cycles of the move one row down and one column left (the z sweeps: on a square grid a
 * cycle visits one cell per row, ranks 0, 7, 10, 13 of a 4 × 4 grid); then an Allreduce (the
 * residual norm).
 */
public final class MultipartitionPattern extends IterativePattern {

	/** Steps of each pipeline (SP's cells per direction less one, on 16 ranks). */
	static final int STAGES = 3;
	/** The tag of the sweeps' messages (SP's are all on one communicator with one tag). */
	static final String SOLVE = "tag5";

	private final Grid grid;

	public MultipartitionPattern(int ranks, long iterations, long seed) {
		super("multipartition", ranks, iterations, seed);
		this.grid = Grid.torus(ranks);
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		grid.haloExchange(rank, out);
		sweep(rank, grid.east(rank), grid.west(rank), out);
		sweep(rank, grid.south(rank), grid.north(rank), out);
		sweep(rank, grid.southWest(rank), grid.northEast(rank), out);
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
	}

	/** Forward elimination towards {@code next}, then back substitution towards {@code previous}. */
	private static void sweep(int rank, int next, int previous, List<TraceEvent> out) {
		for (int stage = 0; stage < STAGES; stage++) {
			Grid.send(rank, next, SOLVE, out);
			Grid.recv(previous, rank, SOLVE, out);
		}
		for (int stage = 0; stage < STAGES; stage++) {
			Grid.send(rank, previous, SOLVE, out);
			Grid.recv(next, rank, SOLVE, out);
		}
	}
}
