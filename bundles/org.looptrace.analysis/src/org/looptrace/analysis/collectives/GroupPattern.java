// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.collectives;

import java.util.Optional;
import java.util.OptionalInt;

import org.looptrace.model.core.RankSet;

/**
 * A group of point-to-point messages that resembles a collective operation or a named shape, with
 * how many times it occurs in the run.
 *
 * @param kind        the MPI collective it resembles, lower case ({@code bcast}, {@code scatter},
 *                    {@code reduce}, {@code gather}, {@code allgather}, {@code alltoall},
 *                    {@code allreduce}, {@code barrier}), or
 *                    the name of the shape ({@code ring}, {@code halo}, {@code wavefront},
 *                    {@code master-worker})
 * @param root        the root rank of a rooted operation (bcast, scatter, reduce, gather,
 *                    master-worker)
 * @param group       the ranks taking part
 * @param context     the function the messages are sent in, empty without call context
 * @param occurrences how many times it occurs in the trace
 */
public record GroupPattern(String kind, OptionalInt root, RankSet group, String context, long occurrences) {

	/** The root as text, empty when there is none. */
	public String rootText() {
		return root.isPresent() ? Integer.toString(root.getAsInt()) : "";
	}

	/**
	 * The operation that sends the same messages as this kind and that only their sizes tell apart:
	 * {@code scatter} for {@code bcast}, {@code gather} for {@code reduce}, {@code allgather} for
	 * {@code allreduce}, and back; empty for the other kinds.
	 */
	public Optional<String> sameMessagesAs() {
		return switch (kind) {
		case "bcast" -> Optional.of("scatter");
		case "scatter" -> Optional.of("bcast");
		case "reduce" -> Optional.of("gather");
		case "gather" -> Optional.of("reduce");
		case "allreduce" -> Optional.of("allgather");
		default -> Optional.empty();
		};
	}
}
