// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.ArrayList;
import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * NPB MG on its 3-D periodic process grid ({@link Grid3}), level k holding 2<sup>k</sup> points
 * per axis, from 1 to {@code levels}. comm3 exchanges the faces of a level: along x, then y, then
 * z, a send to both neighbours and the receives from both; a rank that holds no point of the level
 * takes no part (MG's take_a_hike), and its neighbours exchange with the next ranks that do. Setup:
 * the inputs broadcast, the initial field's and residual's exchanges, the norms (two Allreduce) and
 * a barrier. Per iteration a V-cycle (mg3P): down from the finest level, each restriction sends
 * the points of the ranks that hold none of the coarser level to the rank that holds their coarse
 * points, then comm3 on the coarser level; comm3 of the smoother on the coarsest level; up to the
 * finest, each prolongation sends those points back, then comm3 of the residual and of the
 * smoother; then the residual's comm3 on the finest level and the Allreduce of its two norms
 * (norm2u3). At the end a Reduce of the timers.
 */
public final class MgPattern extends IterativePattern {

	/** The scalars broadcast from rank 0 at setup (nit, lt, nx). */
	private static final int INPUTS = 3;
	/** The tags of the points a restriction sends to a coarser rank and a prolongation sends back. */
	private static final String RESTRICT = "4000";
	private static final String PROLONG = "5000";

	private final Grid3 grid;
	private final int levels;

	/**
	 * @throws IllegalArgumentException when the finest level has fewer points per axis than the
	 *                                  process grid has ranks along some axis
	 */
	public MgPattern(int ranks, long iterations, long seed, int levels) {
		super("mg", ranks, iterations, seed);
		this.grid = new Grid3(ranks);
		this.levels = levels;
		int needed = 32 - Integer.numberOfLeadingZeros(grid.largestExtent() - 1);
		if (levels < needed) {
			throw new IllegalArgumentException("pattern mg on " + ranks + " ranks (a " + grid + " process grid) needs at least "
					+ needed + " levels, found " + levels);
		}
	}

	@Override
	protected void prologue(int rank, List<TraceEvent> out) {
		for (int i = 0; i < INPUTS; i++) {
			out.add(TraceEvent.sync(rank, "MPI_Bcast", world));
		}
		comm3(rank, levels, out);
		comm3(rank, levels, out);
		norms(rank, out);
		out.add(TraceEvent.sync(rank, "MPI_Barrier", world));
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		for (int level = levels - 1; level >= 1; level--) {
			restrict(rank, level, out);
			comm3(rank, level, out);
		}
		comm3(rank, 1, out);
		for (int level = 2; level <= levels; level++) {
			prolong(rank, level - 1, out);
			comm3(rank, level, out);
			comm3(rank, level, out);
		}
		comm3(rank, levels, out);
		norms(rank, out);
	}

	@Override
	protected void epilogue(int rank, List<TraceEvent> out) {
		out.add(TraceEvent.sync(rank, "MPI_Reduce", world));
	}

	/** norm2u3: the maximum and the sum of squares of the residual. */
	private void norms(int rank, List<TraceEvent> out) {
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
		out.add(TraceEvent.sync(rank, "MPI_Allreduce", world));
	}

	/**
	 * comm3 on a level: per axis, faces sent towards +1 and -1, then received from -1 and +1
	 * (the sends come first, so the exchange cannot deadlock). Tags are numbered by axis and
	 * direction: 1100 and 1300 along x, 2100 and 2300 along y, 3100 and 3300 along z.
	 */
	private void comm3(int rank, int level, List<TraceEvent> out) {
		long n = 1L << level;
		if (!grid.holds(rank, n)) {
			return;
		}
		for (int axis = 0; axis < 3; axis++) {
			int up = grid.neighbour(rank, axis, 1, n);
			int down = grid.neighbour(rank, axis, -1, n);
			String upwards = tag(axis, 1);
			String downwards = tag(axis, -1);
			Grid.send(rank, up, upwards, out);
			Grid.send(rank, down, downwards, out);
			Grid.recv(down, rank, upwards, out);
			Grid.recv(up, rank, downwards, out);
		}
	}

	private static String tag(int axis, int dir) {
		return Integer.toString(100 * (10 * (axis + 1) + dir + 2));
	}

	/** From level {@code coarse + 1} to {@code coarse}: the points of ranks that hold none there go to their parent. */
	private void restrict(int rank, int coarse, List<TraceEvent> out) {
		long n = 1L << coarse;
		if (leaves(rank, n)) {
			Grid.send(rank, grid.parent(rank, n), RESTRICT, out);
		} else {
			for (int child : children(rank, n)) {
				Grid.recv(child, rank, RESTRICT, out);
			}
		}
	}

	/** From level {@code coarse} to {@code coarse + 1}: the points restricted there come back. */
	private void prolong(int rank, int coarse, List<TraceEvent> out) {
		long n = 1L << coarse;
		if (leaves(rank, n)) {
			Grid.recv(grid.parent(rank, n), rank, PROLONG, out);
		} else {
			for (int child : children(rank, n)) {
				Grid.send(rank, child, PROLONG, out);
			}
		}
	}

	/** The ranks, in increasing order, whose points of the level of {@code 2n} go to {@code rank} on the level of {@code n}. */
	private List<Integer> children(int rank, long n) {
		List<Integer> children = new ArrayList<>();
		if (grid.holds(rank, n)) {
			for (int child = 0; child < ranks; child++) {
				if (leaves(child, n) && grid.parent(child, n) == rank) {
					children.add(child);
				}
			}
		}
		return children;
	}

	/** Whether {@code rank} holds points of the level of {@code 2n} points per axis but none of the level of {@code n}. */
	private boolean leaves(int rank, long n) {
		return grid.holds(rank, 2 * n) && !grid.holds(rank, n);
	}
}
