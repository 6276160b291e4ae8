// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.reconciler.Reconciler;

/**
 * A reconciler the Generic Editor runs on its own thread, never on the UI thread: after a pause
 * in typing its strategy works on the whole text and hands what the viewer needs to the UI thread.
 */
abstract class WholeTextReconciler extends Reconciler {

	private final WholeTextStrategy strategy;

	WholeTextReconciler(WholeTextStrategy strategy, int delayMillis) {
		this.strategy = strategy;
		setReconcilingStrategy(strategy, IDocument.DEFAULT_CONTENT_TYPE);
		setIsIncrementalReconciler(false);
		setDelay(delayMillis);
	}

	@Override
	public void install(@Nullable ITextViewer textViewer) {
		super.install(textViewer);
		if (textViewer != null) {
			strategy.install(textViewer);
		}
	}

	@Override
	public void uninstall() {
		strategy.uninstall();
		super.uninstall();
	}
}
