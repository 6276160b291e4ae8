// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay;

import java.nio.file.Path;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What a replay program takes from a run besides its model.
 *
 * @param data    the folder of the run's data traces ({@code data.<rank>}, with {@code size}, {@code time}
 *                and optionally {@code end}), or null: every message then has size 0 and no time passes
 *                between events
 * @param compute the computation between events, from the data traces
 */
public record ReplayOptions(@Nullable Path data, Compute compute) {

	/** Without data traces: sizes 0, no computation. */
	public static final ReplayOptions NONE = new ReplayOptions(null, Compute.NONE);

	/** The time spent between one event of a rank and the next, replayed as busy waiting. */
	public enum Compute {
		/** Events follow each other at once. */
		NONE,
		/** Before each occurrence of a construct, the mean gap before its occurrences in the run. */
		MEAN,
		/** Before each event, the gap the run had before it (a table per rank). */
		EXACT
	}

	public ReplayOptions {
		if (data == null && compute != Compute.NONE) {
			throw new IllegalArgumentException("computation is read from data traces: give the data folder");
		}
	}
}
