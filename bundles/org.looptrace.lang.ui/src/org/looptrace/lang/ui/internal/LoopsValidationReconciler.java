// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.reconciler.Reconciler;

/**
 * Validates {@code .loops} text in the background while the user types: a short pause after an
 * edit, the whole text is checked by the language's validator and its issues become problem
 * markers (see {@link ValidationStrategy}).
 */
public class LoopsValidationReconciler extends Reconciler {

	private static final int DELAY_MILLIS = 300;

	/** The reconciler the Generic Editor runs on its reconciler thread, never on the UI thread. */
	public LoopsValidationReconciler() {
		setReconcilingStrategy(new ValidationStrategy(), IDocument.DEFAULT_CONTENT_TYPE);
		setIsIncrementalReconciler(false);
		setDelay(DELAY_MILLIS);
	}
}
