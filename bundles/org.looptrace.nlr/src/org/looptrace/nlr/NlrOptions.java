// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

/**
 * The options of nested loop recognition.
 *
 * @param maxBody    K, the longest loop body (in terms: events and already folded loops) NLR looks
 *                   for; each reduction walks back 3K stack entries. Default {@value #DEFAULT_MAX_BODY}:
 *                   real codes need bodies of a few dozen terms once their inner loops are folded (the
 *                   time step of NPB BT and SP holds about 36), but the ranks that gather a coarse grid
 *                   take longer ones (an MG-like V-cycle on 64 ranks: 65 terms on rank 0, which receives
 *                   the points of 7 ranks and sends them back). A rank whose time step is longer than K
 *                   keeps it flat, and the merge then unrolls the time loop of every rank to match;
 *                   K = 128 leaves room for those while keeping the reduction cheap (it only runs on
 *                   events the fast path does not absorb).
 * @param stackLimit past this many entries the bottom quarter of the stack is emitted to the output,
 *                   so the working memory is bounded whatever the length of the trace. Default
 *                   {@value #DEFAULT_STACK_LIMIT}; a limit below 3K loses repetitions (never events).
 * @param affine     whether numbers that differ by a constant step across iterations become affine
 *                   in the loop index (and loop counts affine in outer indices); when false only equal
 *                   terms unify
 */
public record NlrOptions(int maxBody, int stackLimit, boolean affine) {

	public static final int DEFAULT_MAX_BODY = 128;
	public static final int DEFAULT_STACK_LIMIT = 4096;

	/** K = 128, a stack of 4096 entries, affine generalization on. */
	public static final NlrOptions DEFAULTS = new NlrOptions(DEFAULT_MAX_BODY, DEFAULT_STACK_LIMIT, true);

	public NlrOptions {
		if (maxBody < 1) {
			throw new IllegalArgumentException("maxBody (K) must be at least 1, found " + maxBody);
		}
		if (stackLimit < 1) {
			throw new IllegalArgumentException("stackLimit must be at least 1, found " + stackLimit);
		}
	}

	public NlrOptions withMaxBody(int k) {
		return new NlrOptions(k, stackLimit, affine);
	}

	public NlrOptions withStackLimit(int limit) {
		return new NlrOptions(maxBody, limit, affine);
	}

	public NlrOptions withAffine(boolean on) {
		return new NlrOptions(maxBody, stackLimit, on);
	}
}
