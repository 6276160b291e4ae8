// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension4;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.xtext.service.OperationCanceledError;

/**
 * A reconciling strategy that works on the whole text each time (the language has no partitions
 * and its parse is not incremental here): the first reconcile and every later one do the same.
 */
abstract class WholeTextStrategy implements IReconcilingStrategy, IReconcilingStrategyExtension {

	private volatile @Nullable ITextViewer viewer;
	private @Nullable IDocument document;
	private @Nullable IProgressMonitor monitor;

	/** Called when the reconciler is installed on the editor's viewer. */
	void install(ITextViewer textViewer) {
		viewer = textViewer;
	}

	/** Called when the editor closes. */
	void uninstall() {
		viewer = null;
	}

	/** The viewer of the editor, null once it closed. */
	final @Nullable ITextViewer viewer() {
		return viewer;
	}

	@Override
	public void setDocument(@Nullable IDocument document) {
		this.document = document;
	}

	@Override
	public void setProgressMonitor(@Nullable IProgressMonitor monitor) {
		this.monitor = monitor;
	}

	@Override
	public void initialReconcile() {
		reconcileDocument();
	}

	@Override
	public void reconcile(@Nullable DirtyRegion dirtyRegion, @Nullable IRegion subRegion) {
		reconcileDocument();
	}

	@Override
	public void reconcile(@Nullable IRegion partition) {
		reconcileDocument();
	}

	private void reconcileDocument() {
		IDocument current = document;
		if (current == null) {
			return;
		}
		try {
			reconcile(current);
		} catch (OperationCanceledException | OperationCanceledError e) {
			// The text changed while it was being parsed or validated: the next reconcile follows.
			// Letting it through would end the reconciler's thread, and with it every later reconcile.
		}
	}

	/** Reconciles the whole document, on the reconciler's thread. */
	abstract void reconcile(IDocument current);

	/** Whether the user has cancelled this reconcile (the document changed meanwhile). */
	final boolean isCanceled() {
		IProgressMonitor progress = monitor;
		return progress != null && progress.isCanceled();
	}

	/**
	 * Runs an update of the viewer on the UI thread, unless the editor closed or the document
	 * changed since {@code stamp} (a result of older text is dropped: the next reconcile follows).
	 */
	final void updateViewer(IDocument computedOn, long stamp, Consumer<ITextViewer> update) {
		ITextViewer textViewer = viewer;
		StyledText widget = textViewer == null ? null : textViewer.getTextWidget();
		if (textViewer == null || widget == null || widget.isDisposed() || isCanceled()) {
			return;
		}
		widget.getDisplay().asyncExec(() -> {
			if (viewer == textViewer && !widget.isDisposed() && textViewer.getDocument() == computedOn && stamp(computedOn) == stamp) {
				update.accept(textViewer);
			}
		});
	}

	/** The document's modification stamp: a result computed on older text is dropped. */
	static long stamp(IDocument document) {
		return document instanceof IDocumentExtension4 extension ? extension.getModificationStamp()
				: IDocumentExtension4.UNKNOWN_MODIFICATION_STAMP;
	}
}
