// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.IViewportListener;
import org.eclipse.jface.text.source.ISourceViewerExtension5;
import org.eclipse.jface.util.IPropertyChangeListener;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.swt.custom.StyledText;

/**
 * Refreshes the positions shown as code minings ({@link PositionsMiningProvider}) a pause after
 * each edit, after scrolling beyond the lines that have them and when the preference that shows
 * them is switched: the Generic Editor asks code mining providers only when told to.
 */
public class PositionsMiningReconciler extends WholeTextReconciler {

	private static final int DELAY_MILLIS = 500;

	/** The reconciler the Generic Editor runs on its reconciler thread. */
	public PositionsMiningReconciler() {
		super(new Strategy(), DELAY_MILLIS);
	}

	private static final class Strategy extends WholeTextStrategy implements IPropertyChangeListener {

		private static final int SCROLL_DELAY_MILLIS = 300;

		/** The first line shown when the minings were last asked for; on the UI thread only. */
		private int asked;
		private final IViewportListener scrolled = offset -> afterScroll();
		private final Runnable scrolledFar = () -> {
			ITextViewer textViewer = viewer();
			if (textViewer != null && textViewer.getTextWidget() != null && !textViewer.getTextWidget().isDisposed()) {
				updateMinings(textViewer);
			}
		};

		@Override
		void install(ITextViewer textViewer) {
			super.install(textViewer);
			EditorPreferences.store().addPropertyChangeListener(this);
			textViewer.addViewportListener(scrolled);
		}

		@Override
		void uninstall() {
			ITextViewer textViewer = viewer();
			if (textViewer != null) {
				textViewer.removeViewportListener(scrolled);
			}
			EditorPreferences.store().removePropertyChangeListener(this);
			super.uninstall();
		}

		/** Scrolled beyond the lines that have minings: ask again once scrolling pauses. */
		private void afterScroll() {
			ITextViewer textViewer = viewer();
			StyledText widget = textViewer == null ? null : textViewer.getTextWidget();
			if (textViewer != null && widget != null && Math.abs(textViewer.getTopIndex() - asked) > PositionsMiningProvider.MARGIN_LINES / 2) {
				widget.getDisplay().timerExec(SCROLL_DELAY_MILLIS, scrolledFar);
			}
		}

		@Override
		void reconcile(IDocument current) {
			updateViewer(current, stamp(current), this::updateMinings);
		}

		@Override
		public void propertyChange(@Nullable PropertyChangeEvent event) {
			ITextViewer textViewer = viewer();
			StyledText widget = textViewer == null ? null : textViewer.getTextWidget();
			if (event != null && EditorPreferences.SHOW_POSITIONS.equals(event.getProperty()) && textViewer != null && widget != null
					&& !widget.isDisposed()) {
				widget.getDisplay().asyncExec(() -> {
					if (!widget.isDisposed()) {
						updateMinings(textViewer);
					}
				});
			}
		}

		private void updateMinings(ITextViewer textViewer) {
			asked = textViewer.getTopIndex();
			if (textViewer instanceof ISourceViewerExtension5 minings) {
				minings.updateCodeMinings();
			}
		}
	}
}
