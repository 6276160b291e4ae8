// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.util.Locale;

/**
 * The time of a construct in a few lines for people, as the editor's hover and the Timeline's loop
 * tooltips give it (docs/TIME.md says what each figure means): its total time summed over its ranks,
 * their number, its share of their run, its MPI time, its imbalance and busiest rank; for a loop, the
 * number of its iterations, their shortest, mean and longest duration, and their histogram.
 */
public final class ConstructTimeText {

	private ConstructTimeText() {
	}

	/**
	 * The lines on the time of a construct of a profile, separated (not ended) by newlines, e.g.
	 * <pre>
	 * time: 3.1ms summed over 8 ranks (45.0% of their run), MPI 1.2ms, imbalance 1.05 (busiest rank 3)
	 * iteration times: 20 over 8 ranks, min 110µs, mean 155µs, max 240µs, 65µs..262µs ▂█▁
	 * </pre>
	 * (the second line for loops only).
	 */
	public static String of(TimeProfile profile, ConstructTime construct) {
		int ranks = construct.ranks().size();
		String overRanks = ranks + (ranks == 1 ? " rank" : " ranks");
		StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
				"time: %s summed over %s (%.1f%% of their run), MPI %s, imbalance %.2f (busiest rank %d)", TimeText.of(construct.totalTime()),
				overRanks, 100 * profile.share(construct), TimeText.of(construct.mpiTime()), construct.imbalance(), construct.busiest().rank()));
		Durations iterations = construct.iterations();
		if (iterations != null) {
			// the iterations of every rank: a loop of 4 iterations on 3 ranks has 12 iteration times
			text.append("\niteration times: ").append(iterations.count()).append(" over ").append(overRanks).append(", min ").append(TimeText.of(iterations.min())).append(", mean ")
					.append(TimeText.of(Math.round(iterations.mean()))).append(", max ").append(TimeText.of(iterations.max())).append(", ")
					.append(iterations.histogram());
		}
		return text.toString();
	}
}
