// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

/**
 * One of two runs of a step that join into one loop: the body of a loop of some iterations, or a
 * single copy of the step outside any loop (one iteration).
 *
 * @param iterations how many times the run takes the step
 * @param form       whether it is a loop body or a single copy
 */
record Run(long iterations, Form form) {

	/** What a run is made of. */
	enum Form {
		/** The body of a loop: the index of the new loop is its own. */
		LOOP_BODY,
		/** A construct outside the new loop, lifted into it. */
		SINGLE_COPY
	}

	/** The body of a loop of {@code iterations}. */
	static Run loopBody(long iterations) {
		return new Run(iterations, Form.LOOP_BODY);
	}

	/** One copy outside the new loop. */
	static Run singleCopy() {
		return new Run(1, Form.SINGLE_COPY);
	}

	boolean isSingleCopy() {
		return form == Form.SINGLE_COPY;
	}
}
