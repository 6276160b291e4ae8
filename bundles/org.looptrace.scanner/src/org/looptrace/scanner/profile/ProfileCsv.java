// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.io.IOException;
import java.util.Locale;

/**
 * A time profile as CSV: a header, then a row per construct and rank it runs on, constructs in
 * model order, ranks in increasing order. Times in nanoseconds; the loop columns are empty for
 * events; imbalance and busiest rank are the construct's, repeated on each of its rows.
 */
public final class ProfileCsv {

	/** The header line. */
	public static final String HEADER = "construct,rank,occurrences,mpi_time,total_time,iterations,iteration_min,iteration_mean,"
			+ "iteration_max,iteration_histogram,imbalance,busiest_rank";

	private ProfileCsv() {
	}

	/** Writes the header and the rows, each line ended by {@code \n}. */
	public static void write(TimeProfile profile, Appendable out) throws IOException {
		out.append(HEADER).append('\n');
		for (ConstructTime construct : profile.constructs()) {
			String imbalance = String.format(Locale.ROOT, "%.4f", construct.imbalance());
			int busiest = construct.busiest().rank();
			for (RankTime rank : construct.ranks()) {
				out.append(construct.path()).append(',').append(Integer.toString(rank.rank())).append(',')
						.append(Long.toString(rank.occurrences())).append(',').append(Long.toString(rank.mpiTime())).append(',')
						.append(Long.toString(rank.totalTime())).append(',');
				Durations iterations = rank.iterations();
				if (iterations == null) {
					out.append(",,,,,");
				} else {
					out.append(Long.toString(iterations.count())).append(',').append(Long.toString(iterations.min())).append(',')
							.append(String.format(Locale.ROOT, "%.1f", iterations.mean())).append(',')
							.append(Long.toString(iterations.max())).append(',').append(iterations.binsText()).append(',');
				}
				out.append(imbalance).append(',').append(Integer.toString(busiest)).append('\n');
			}
		}
	}
}
