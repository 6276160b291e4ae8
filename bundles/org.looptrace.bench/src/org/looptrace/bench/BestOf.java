// SPDX-License-Identifier: EPL-2.0
package org.looptrace.bench;

import java.util.function.Supplier;

import org.looptrace.model.core.Progress;

/**
 * Rounds of one piece of work: the best wall time, the least processor time of the thread, and what
 * the last round gave.
 *
 * @param result         what the last round gave
 * @param nanos          the best wall time of a round, in nanoseconds
 * @param processorNanos the least processor time of a round, in nanoseconds
 */
record BestOf<T>(T result, long nanos, long processorNanos) {

	/** Runs {@code work} {@code rounds} times, at least once, each round one unit of {@code progress}. */
	static <T> BestOf<T> of(int rounds, Progress progress, Supplier<T> work) {
		long best = Long.MAX_VALUE;
		long leastProcessor = Long.MAX_VALUE;
		T result;
		int round = 0;
		do {
			long start = System.nanoTime();
			long processorStart = MergeBench.processorTime();
			result = work.get();
			best = Math.min(best, System.nanoTime() - start);
			leastProcessor = Math.min(leastProcessor, MergeBench.processorTime() - processorStart);
			progress.worked(1);
		} while (++round < rounds);
		return new BestOf<>(result, best, leastProcessor);
	}
}
