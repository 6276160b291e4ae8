// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge;

/**
 * The options of the merge.
 *
 * @param threads the size of the fixed pool that merges independent pairs of rank groups (and, in the
 *                pipeline, runs NLR per rank); the result does not depend on it
 */
public record MergeOptions(int threads) {

	public MergeOptions {
		if (threads < 1) {
			throw new IllegalArgumentException("threads must be at least 1, found " + threads);
		}
	}

	/** One thread per available processor. */
	public static MergeOptions defaults() {
		return new MergeOptions(Runtime.getRuntime().availableProcessors());
	}
}
