// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;

/**
 * Whether a folding joined two runs of different constant values as one value that jumps
 * ({@link Capability#JUMPING_CONSTANTS}) where keeping them apart would not have joined them alike,
 * in any candidate it examined. Where it never did, folding with those runs kept apart examines
 * the same candidates and ends the same, so {@link SystemFolding} need not run it. Noted by the
 * threads of one folding; another thread may wait for the first join or the folding's end.
 */
final class JumpingJoins {

	private final CountDownLatch decided = new CountDownLatch(1);
	private volatile boolean joined;

	/** Notes that two runs of different constant values were joined. */
	void note() {
		joined = true;
		decided.countDown();
	}

	/** Whether a join was noted. */
	boolean any() {
		return joined;
	}

	/** Called when the folding that notes has ended, however: no join comes after. */
	void end() {
		decided.countDown();
	}

	/**
	 * Waits for a join or the end of the folding; whether a join was noted.
	 *
	 * @throws CancellationException when interrupted
	 */
	boolean awaitAny() {
		try {
			decided.await();
		} catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			throw new CancellationException("interrupted while waiting for the first folding");
		}
		return joined;
	}
}
