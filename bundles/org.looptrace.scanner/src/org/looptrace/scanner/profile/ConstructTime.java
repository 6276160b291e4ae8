// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.profile;

import java.util.Collections;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.Construct;

/**
 * The time of one construct on every rank that runs it, and how evenly the ranks share it.
 *
 * @param construct the construct
 * @param path      its path, as the outline numbers it ({@link org.looptrace.model.core.ConstructPath})
 * @param ranks     the time on each rank with events in the construct, by increasing rank (never empty)
 */
public record ConstructTime(Construct construct, String path, List<RankTime> ranks) {

	public ConstructTime {
		if (ranks.isEmpty()) {
			throw new IllegalArgumentException("construct " + path + " has no rank");
		}
		ranks = Collections.unmodifiableList(ranks);
	}

	/**
	 * The sum of the ranks' total times.
	 *
	 * @throws ArithmeticException past 64 bits
	 */
	public long totalTime() {
		long sum = 0;
		for (RankTime rank : ranks) {
			sum = Math.addExact(sum, rank.totalTime());
		}
		return sum;
	}

	/**
	 * The sum of the ranks' MPI times.
	 *
	 * @throws ArithmeticException past 64 bits
	 */
	public long mpiTime() {
		long sum = 0;
		for (RankTime rank : ranks) {
			sum = Math.addExact(sum, rank.mpiTime());
		}
		return sum;
	}

	/**
	 * For a loop, the durations of its iterations on all ranks together; null for an event.
	 *
	 * @throws ArithmeticException when their sum leaves 64 bits
	 */
	public @Nullable Durations iterations() {
		Durations.Builder all = new Durations.Builder();
		for (RankTime rank : ranks) {
			Durations iterations = rank.iterations();
			if (iterations != null) {
				all.addAll(iterations);
			}
		}
		return all.isEmpty() ? null : all.build();
	}

	/** The rank with the largest total time (the lowest such rank on a tie). */
	public RankTime busiest() {
		RankTime busiest = ranks.get(0);
		for (RankTime rank : ranks) {
			if (rank.totalTime() > busiest.totalTime()) {
				busiest = rank;
			}
		}
		return busiest;
	}

	/**
	 * The imbalance across ranks: the largest total time over the mean of the ranks' total times (1
	 * when every rank spends the same, or when none spends any time).
	 */
	public double imbalance() {
		double mean = 0;
		for (RankTime rank : ranks) {
			mean += (double) rank.totalTime() / ranks.size();
		}
		return mean <= 0 ? 1 : busiest().totalTime() / mean;
	}
}
