// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

/**
 * The options of the merge.
 *
 * @param threads the size of the fixed pool that merges independent pairs of rank groups (and, in the
 *                pipeline, runs NLR per rank); the result does not depend on it
 * @param fold    whether the global model is folded (loops over ranks, affine ranks and peers; never
 *                larger than the local models); without it, the model of section III of the paper
 */
public record MergeOptions(int threads, boolean fold) {

	public MergeOptions {
		if (threads < 1) {
			throw new IllegalArgumentException("threads must be at least 1, found " + threads);
		}
	}

	/** Folded, on the given number of threads. */
	public MergeOptions(int threads) {
		this(threads, true);
	}

	/** Folded, one thread per available processor. */
	public static MergeOptions defaults() {
		return new MergeOptions(Runtime.getRuntime().availableProcessors());
	}
}
