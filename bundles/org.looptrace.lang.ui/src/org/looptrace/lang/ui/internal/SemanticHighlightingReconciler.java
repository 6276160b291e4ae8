// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

/**
 * Semantic highlighting of {@code .loops} text: after a short pause in typing, the text is parsed
 * in the background and the meaning of its tokens (indices, ranks, tags, collectives, labels) is
 * drawn over the lexical highlighting (see {@link SemanticHighlightingStrategy}).
 */
public class SemanticHighlightingReconciler extends WholeTextReconciler {

	private static final int DELAY_MILLIS = 200;

	/** The reconciler the Generic Editor runs on its reconciler thread. */
	public SemanticHighlightingReconciler() {
		super(new SemanticHighlightingStrategy(), DELAY_MILLIS);
	}
}
