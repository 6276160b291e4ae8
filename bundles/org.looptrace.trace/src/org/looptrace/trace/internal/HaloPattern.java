// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.util.List;

import org.looptrace.model.core.TraceEvent;

/**
 * A 2-D halo exchange (stencil code): per iteration every rank sends to its up to 4 neighbours,
 * then receives from them; on a non-periodic grid ({@code halo}) or a torus ({@code torus}).
 */
public final class HaloPattern extends IterativePattern {

	private final Grid grid;

	public HaloPattern(String name, Grid grid, long iterations, long seed) {
		super(name, grid.rows() * grid.columns(), iterations, seed);
		this.grid = grid;
	}

	@Override
	protected void iteration(int rank, long iteration, List<TraceEvent> out) {
		grid.haloExchange(rank, out);
	}
}
