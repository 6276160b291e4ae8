// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

/**
 * Matching {@code for}/{@code done}: with the caret on either keyword of a loop, both are boxed
 * (see {@link MatchingKeywordsStrategy}). The loops are found in the background after each pause in
 * typing; the caret only looks them up.
 */
public class MatchingKeywordsReconciler extends WholeTextReconciler {

	private static final int DELAY_MILLIS = 300;

	/** The reconciler the Generic Editor runs on its reconciler thread. */
	public MatchingKeywordsReconciler() {
		super(new MatchingKeywordsStrategy(), DELAY_MILLIS);
	}
}
