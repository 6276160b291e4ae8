// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

/**
 * Whether a folding joined two runs of different constant values as one value that jumps
 * ({@link Capability#JUMPING_CONSTANTS}) in any candidate it examined. Where it never did, folding
 * with those runs kept apart examines the same candidates and ends the same, so
 * {@link SystemFolding} need not run it. Noted by the threads of one folding, read once it ended.
 */
final class JumpingJoins {

	private volatile boolean joined;

	/** Notes that two runs of different constant values were joined. */
	void note() {
		joined = true;
	}

	/** Whether a join was noted. */
	boolean any() {
		return joined;
	}
}
