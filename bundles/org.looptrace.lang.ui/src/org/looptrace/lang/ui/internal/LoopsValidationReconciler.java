// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

/**
 * Validates {@code .loops} text in the background while the user types: a short pause after an
 * edit, the whole text is checked by the language's validator and its issues become annotations of
 * the editor (see {@link ValidationStrategy}); the markers are those of the file as saved.
 */
public class LoopsValidationReconciler extends WholeTextReconciler {

	private static final int DELAY_MILLIS = 300;

	/** The reconciler the Generic Editor runs on its reconciler thread, never on the UI thread. */
	public LoopsValidationReconciler() {
		super(new ValidationStrategy(), DELAY_MILLIS);
	}
}
