// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.internal;

import java.util.List;

/**
 * The collectives a replay calls, by the names the tracer records them under: each is a function
 * {@code lt_<name>(communicator, size)} of the program (replay.c.template) that hands MPI a buffer
 * of the size the data trace gives this rank, so that the tracer records that size again.
 */
public final class Collectives {

	private static final List<String> NAMES = List.of("MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Scan",
			"MPI_Exscan", "MPI_Reduce_scatter", "MPI_Reduce_scatter_block", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter",
			"MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv");

	private Collectives() {
	}

	/** Whether the program has a function for that collective. */
	public static boolean supported(String name) {
		return NAMES.contains(name);
	}

	/** The names the program can call. */
	public static List<String> names() {
		return NAMES;
	}

	/** The C call of a collective on communicator {@code lt_comm[group]}. */
	public static String call(String name, int group, String size) {
		return "lt_" + name + "(lt_comm[" + group + "], " + size + ");";
	}
}
